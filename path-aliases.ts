// The two import aliases, `~/` for app code and `#bff/` for the BFF, for Vite and vitest alike;
// tsx and tsc read the same from tsconfig.json's `paths`.
import { fileURLToPath } from "node:url";

export const pathAliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#bff": fileURLToPath(new URL("./bff", import.meta.url)),
};
