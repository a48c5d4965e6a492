// Where a run of the suite leaves what `npm run test:profile` reads (git ignores it).
import { resolve } from "node:path";

export const SUITE_REPORTS = resolve(import.meta.dirname, "../../reports");
/** One JSON line per expensive end-to-end set-up (a portal, nginx, Redis, Sentinels), where the suite asks for it. */
export const SETUP_LOG = `${SUITE_REPORTS}/setups.jsonl`;
