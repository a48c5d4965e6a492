// The compatibility check for operators (issue 25): every read the portal makes of a tenant's
// backend, made as the portal makes it (the same client, the same tolerant reader, the same
// schemas), and, given a test account, the login and the logged-in reads. It prints per call:
// offered or not, readable or not, each problem with path, expected and received, and whether the
// portal can do without it (optional), can do without it where the backend does not offer it (may be
// missing), or not (fatal); it exits with 1 on a fatal problem. What the reader read as meant though
// spelt otherwise (a casing, booleans as text, control characters dropped, an unknown role) is noted
// with its field. The reads and what the pages need of each are readiness's (bff/portal/backend-reads.server.ts).
// With --agency-token (or CHECK_BACKEND_AGENCY_TOKEN), a token from the agency sign-on, it checks the
// agency area's reads too. It writes
// nothing unless asked: the login is its only post. With --writes (and --login) it also makes the
// writes it can undo, and undoes them: the account's language set to the other one and back.
//
//   npm run check-backend -- <backend url> [--tenant telekom[,allianz]] [--login demo@{tenant}.example] [--dialect camelCase] [--writes] [--agency-token T]
//
// Without --tenant it checks the tenants of TENANTS_FILE, else DEFAULT_TENANT, as the portal would serve them.
// `{tenant}` in --login stands for each tenant's id. The password comes from CHECK_BACKEND_PASSWORD,
// or is asked for on a terminal.
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { getUser, login, updateLanguage } from "../bff/account/account.server";
import { createBackendCookieJar } from "../bff/legacy/backend-cookies.server";
import type { TenantConfig } from "../bff/legacy/contract";
import { LegacyApiError, ReplyCutShortError, UpstreamContractError, UpstreamUnavailableError } from "../bff/legacy/errors";
import { createLegacyClient } from "../bff/legacy/legacy-client.server";
import { configuredBackendCookies, configuredTenants, dialectSchema, pageLimits } from "../bff/platform/config.server";
import { createLogger } from "../bff/platform/logger.server";
import { agencyReads, type BackendRead, type Need, VISITOR_READS } from "../bff/portal/backend-reads.server";
import {
  getRecommenderBanner,
  getRecommenderRecommendations,
  getTenantPortalRecommendations,
} from "../bff/recommendation/recommendation.server";
import { getRecommenderBankData } from "../bff/reward/reward.server";
import { getTenantConfig, tenantCallContext } from "../bff/tenant/tenant.server";

type Check = Omit<BackendRead, "read">;
type Outcome = {
  tenant: string;
  call: string;
  need: Need;
  offered: boolean;
  readable: boolean;
  /** Answered after the page's deadline (PAGE_DEADLINE_MS): the pages that read it would fail. */
  late?: boolean;
  problem: string;
  issues: string[];
};

/** What the client read but an operator should know, by the kind of its warning. */
type NotedLine = {
  ms?: number;
  notes?: { path: string; hint: string }[];
  disagreements?: string[];
  message?: string;
  notSentBack?: string[];
};
const NOTES: Record<string, (line: NotedLine) => string[]> = {
  "empty-as-404": () => ["a 404 without a code, read as an empty list"],
  envelope: () => ['errors come in a 200 envelope ("Success": false), read as those errors'],
  "no-code": ({ message }) => [`an error without a legacy code, only a message ("${message ?? ""}"): the portal needs the code`],
  cookies: ({ notSentBack = [] }) => [
    `the backend set cookies the portal does not send back (${notSentBack.join(", ")}): name them in the tenant's backendCookies where it needs them back (a farm's affinity)`,
  ],
  paging: ({ disagreements = [] }) => [
    `paging disagrees with its rows (${disagreements.join("; ")}): shown by the rows, a next page offered while they come back full`,
  ],
  repaired: ({ notes = [] }) => notes.map(({ path, hint }) => `${path}: ${hint}`),
  slow: ({ ms }) => [ms ? `slow (${ms} ms)` : "slow"],
};

/**
 * The client's warnings, kept for the report: the table says what they say (a 404 read as an empty
 * list, a slow call), and nothing else of the client's log is printed.
 */
function noteCollector() {
  let notes: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        const logged = JSON.parse(line) as Parameters<(typeof NOTES)[string]>[0] & { kind?: string };
        const note = logged.kind ? NOTES[logged.kind] : undefined;
        if (note) notes.push(...note(logged));
      }
      done();
    },
  });
  return {
    logger: createLogger({ level: "warn", destination }),
    /** The notes since the last take. */
    take() {
      const taken = notes;
      notes = [];
      return taken;
    },
  };
}

/** The reads of a logged-in recommender's pages. */
const LOGGED_IN_READS: BackendRead[] = [
  { call: "getUser", need: "required", read: (api) => getUser(api) },
  { call: "getRecommenderBankData", need: "required", read: (api) => getRecommenderBankData(api) },
  { call: "getRecommenderBanner", need: "optional", read: (api) => getRecommenderBanner(api) },
  { call: "getTenantPortalRecommendations", need: "optional", read: (api) => getTenantPortalRecommendations(api) },
  { call: "getRecommenderRecommendations", need: "optional", read: (api) => getRecommenderRecommendations(api) },
];

/** Whether a problem stops the pages: a required read's, or an offered read's where a missing one would do. */
const isFatal = ({ need, readable, late, offered, problem }: Outcome) =>
  ((!readable && problem !== "") || late === true) && (need === "required" || (need === "mayBeMissing" && offered));

const HELP = `Checks a tenant's legacy backend as the portal reads it: every call, offered or not, readable or not.

usage: npm run check-backend -- <backend url> [options]

  --tenant T[,T…]       the tenants to check (default: those of TENANTS_FILE, else DEFAULT_TENANT)
  --login <email>       a test account: the login and the logged-in reads too ({tenant} stands for each
                        tenant's id); the password from CHECK_BACKEND_PASSWORD, or asked on a terminal
  --writes              with --login: the writes it can undo, undone (the account's language and back)
  --dialect camelCase   a backend whose keys are camelCase
  --agency-token T      a token from the agency sign-on: the agency area's reads too
                        (or CHECK_BACKEND_AGENCY_TOKEN)
  -h, --help            this text

example: npm run check-backend -- https://legacy.example --tenant telekom --login demo@{tenant}.example

Each call is judged as the portal's pages take it, by the settings of this environment: answered within
PAGE_DEADLINE_MS, its reply within UPSTREAM_MAX_REPLY_BYTES; a report's page as large as the export asks.

Exit code: 0 when the portal can serve every tenant checked, 1 on a fatal problem, 2 on a wrong call.`;

const OPTIONS = {
  tenant: { type: "string" },
  login: { type: "string" },
  dialect: { type: "string" },
  writes: { type: "boolean" },
  "agency-token": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run check-backend -- <backend url> [--tenant T[,T…]] [--login <email>] [--dialect camelCase] (--help for all)`,
  );
  process.exit(2);
}

/** The command line read, or one line and exit 2 where it cannot be (an unknown option, a value missing). */
function commandLine() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    usage((error as Error).message.split("\n")[0]);
  }
}

async function passwordFor(email: string) {
  if (process.env.CHECK_BACKEND_PASSWORD) return process.env.CHECK_BACKEND_PASSWORD;
  if (!process.stdin.isTTY) usage(`--login ${email} needs CHECK_BACKEND_PASSWORD, or a terminal to ask for it`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  const password = await prompt.question(`password of ${email}: `);
  prompt.close();
  return password;
}

function outcomeOf(tenant: string, check: Omit<Check, "run">, error: unknown): Outcome {
  // Each problem of a reply it cannot read, with path, expected and received, as the client names them.
  const base = { tenant, call: check.call, need: check.need, issues: error instanceof UpstreamContractError ? error.problems : [] };
  if (error === null) return { ...base, offered: true, readable: true, problem: "" };
  if (error instanceof LegacyApiError && error.upstreamStatus === 404)
    return { ...base, offered: false, readable: false, problem: "not offered (404)" };
  if (error instanceof UpstreamContractError)
    return { ...base, offered: true, readable: false, problem: `cannot read: ${error.field || "the reply"}` };
  if (error instanceof LegacyApiError)
    return { ...base, offered: true, readable: false, problem: `answered ${error.upstreamStatus}${error.code ? ` ${error.code}` : ""}` };
  // A reply cut short came from a backend that offers the call.
  if (error instanceof UpstreamUnavailableError)
    return { ...base, offered: error instanceof ReplyCutShortError, readable: false, problem: error.message };
  return { ...base, offered: false, readable: false, problem: error instanceof Error ? error.message : String(error) };
}

/** A call answered after the page's deadline fails the pages that read it, however good its reply. */
function withinDeadline(outcome: Outcome, ms: number, pageDeadlineMs: number): Outcome {
  if (ms <= pageDeadlineMs) return outcome;
  const late = `answered in ${Math.round(ms)} ms, after the page's deadline of ${pageDeadlineMs} ms (PAGE_DEADLINE_MS): its pages fail`;
  return { ...outcome, late: true, problem: [late, outcome.problem].filter(Boolean).join("; ") };
}

async function main() {
  const { values, positionals } = commandLine();
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const backendUrl = positionals[0];
  if (!backendUrl || !URL.canParse(backendUrl)) usage("the backend's URL is missing or not a URL");
  const dialect = dialectSchema.safeParse({ keys: values.dialect });
  if (!dialect.success) usage(`unknown dialect ${values.dialect}: camelCase is the one there is`);
  if (values.writes && !values.login) usage("--writes needs --login: the writes it makes are a test account's");
  const tenants = values.tenant
    ? values.tenant
        .split(",")
        .map((tenant) => tenant.trim())
        .filter(Boolean)
    : configuredTenants();
  const password = values.login ? await passwordFor(values.login) : "";
  const agencyToken = values["agency-token"] ?? process.env.CHECK_BACKEND_AGENCY_TOKEN;

  // The report is the table below: the client's own warnings would say the same again, but for its notes.
  const notes = noteCollector();
  // Judged as the portal's pages take them: a call within the page's deadline, a reply within the limit.
  const { pageDeadlineMs, maxReplyBytes } = pageLimits();
  const timeoutMs = Math.max(15_000, 2 * pageDeadlineMs);
  const legacy = createLegacyClient({ timeoutMs, connectTimeoutMs: 5_000, maxReplyBytes, logger: notes.logger, retries: 0 });
  const outcomes: Outcome[] = [];
  const agency = agencyToken ? agencyReads(agencyToken) : [];
  const total =
    tenants.length * (1 + VISITOR_READS.length + agency.length + (values.login ? 1 + LOGGED_IN_READS.length : 0) + (values.writes ? 2 : 0));
  const progress = (text: string) => process.stderr.write(process.stderr.isTTY ? `\r\x1b[2K${text}` : `${text}\n`);

  async function attempt(tenant: string, check: Omit<Check, "run">, run: () => Promise<unknown>) {
    progress(`[${outcomes.length + 1}/${total}] ${tenant}: ${check.call}`);
    let failure: unknown = null;
    const started = performance.now();
    // A reply the portal cannot use may throw before a promise is made: caught all the same.
    const value = await Promise.resolve()
      .then(run)
      .catch((error: unknown) => ((failure = error), undefined));
    const outcome = withinDeadline(outcomeOf(tenant, check, failure), performance.now() - started, pageDeadlineMs);
    // pino writes asynchronously: its lines of this call are in once the next turn has come.
    await new Promise((resolve) => setImmediate(resolve));
    const noted = notes.take();
    outcomes.push(noted.length > 0 ? { ...outcome, problem: [outcome.problem, ...new Set(noted)].filter(Boolean).join("; ") } : outcome);
    return value;
  }

  const cookiesByTenant = configuredBackendCookies();
  for (const tenant of tenants) {
    // Its calls as one browser's: the backend cookies its entry names go back (a farm's affinity).
    const backendCookies = cookiesByTenant.get(tenant) ?? [];
    const context = tenantCallContext(
      { backendUrl, tenant, dialect: dialect.data!, backendCookies },
      {
        apiRoute: "",
        locale: "de",
        tokens: {},
        freshOnly: true,
        cookieJar: backendCookies.length > 0 ? createBackendCookieJar(backendCookies) : undefined,
        onSessionExpired: () => [],
      },
    );
    const config = (await attempt(tenant, { call: "getTenantConfig", need: "required" }, () =>
      getTenantConfig(legacy.bind(context), tenant),
    )) as TenantConfig | undefined;
    if (!config) continue;
    const withRoute = { ...context, apiRoute: config.ApiRoute };
    for (const check of VISITOR_READS) await attempt(tenant, check, () => check.read(legacy.bind(withRoute), config));
    const asAgency = legacy.bind({ ...withRoute, tokens: { agency: agencyToken } });
    for (const check of agency) await attempt(tenant, check, () => check.read(asAgency, config));
    if (!values.login) continue;
    const email = values.login.replaceAll("{tenant}", tenant);
    const reply = (await attempt(tenant, { call: "login", need: "required" }, () => login(legacy.bind(withRoute), { email, password }))) as
      { Token: string } | undefined;
    if (!reply) continue;
    const loggedIn = legacy.bind({ ...withRoute, tokens: { user: reply.Token } });
    for (const check of LOGGED_IN_READS) await attempt(tenant, check, () => check.read(loggedIn, config));
    if (!values.writes) continue;
    // A write and its undoing: the other language, then the account's own again.
    const own = (reply as { Language?: string | null }).Language ?? "de";
    await attempt(tenant, { call: "updateLanguage (write)", need: "required" }, () => updateLanguage(loggedIn, own === "de" ? "en" : "de"));
    await attempt(tenant, { call: "updateLanguage (undo)", need: "required" }, () => updateLanguage(loggedIn, own));
  }
  await legacy.close();
  progress("");
  process.stderr.write("\n");

  const fatal = outcomes.filter(isFatal);
  const rows = outcomes.map((outcome) => [
    outcome.tenant,
    outcome.call,
    outcome.offered ? "yes" : "no",
    outcome.readable ? "yes" : "no",
    outcome.readable && !outcome.late ? "" : isFatal(outcome) ? "FATAL" : outcome.need === "optional" ? "optional" : "may be missing",
    outcome.problem,
  ]);
  const header = ["tenant", "call", "offered", "readable", "if not", "problem"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const detailed = outcomes.filter((outcome) => outcome.issues.length > 0);
  if (detailed.length) console.log("\nproblems:");
  for (const outcome of detailed) for (const issue of outcome.issues) console.log(`  ${outcome.tenant} ${outcome.call}: ${issue}`);
  if (!agencyToken)
    console.log("\nthe agency area's calls were not checked: give --agency-token (a token from the agency sign-on) to check them");
  console.log(
    `\n${outcomes.length} calls, ${outcomes.filter((outcome) => outcome.readable).length} readable, ` +
      `${fatal.length} fatal, ${outcomes.filter((outcome) => !outcome.readable && !isFatal(outcome)).length} left out (optional or not offered)`,
  );
  process.exit(fatal.length > 0 ? 1 : 0);
}

await main();
