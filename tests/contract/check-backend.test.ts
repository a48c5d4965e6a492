// The operators' compatibility check (npm run check-backend) against the simulator in each dialect:
// a correct report and exit code, and no write (the simulator's own count of the calls it received).
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { login } from "#bff/account/account.server";
import { requestContext } from "#bff/portal/request-context.server";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const run = promisify(execFile);
/** Without --tenant it checks the tenants of the operator's configuration: here the demo's. */
const tenantsFile = join(mkdtempSync(join(tmpdir(), "check-backend-")), "tenants.json");
writeFileSync(tenantsFile, JSON.stringify(demoTenantHosts(3000, "standard")));

const check = (dialect: string | string[] | null, ...args: string[]) => checkWith({}, dialect, ...args);

/** check-backend with settings of its environment, against the simulator (or `BACKEND_URL`, a path of it). */
async function checkWith(settings: Record<string, string>, dialect: string | string[] | null, ...args: string[]) {
  await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ dialect }) });
  const callsBefore = await callsReceived();
  const backendUrl = settings.BACKEND_URL ?? env.backends.legacyUrl;
  const result = await run(process.execPath, ["--import", "tsx", "server/check-backend.ts", backendUrl, ...args], {
    env: { ...process.env, CHECK_BACKEND_PASSWORD: "Demo1234", TENANTS_FILE: tenantsFile, ...settings },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  const callsAfter = await callsReceived();
  const made = Object.keys(callsAfter).filter((call) => callsAfter[call] !== callsBefore[call]);
  return { ...result, made };
}

async function callsReceived() {
  return (await (await fetch(`${env.backends.legacyUrl}/__calls`)).json()) as Record<string, number>;
}

/** Every call but reads and the login: a write. */
const writes = (calls: string[]) => calls.filter((call) => !call.startsWith("GET ") && !/^POST \/api\/v1\/\w+\/account\/login$/.test(call));

// Each check starts a Node process that compiles the BFF through tsx: about 2 s of CPU, up to three in
// a test, and several times that on a loaded machine. The time allowed is that work's, not a page's.
describe.skipIf(onRealBackend)("check-backend", { timeout: 60_000 }, () => {
  it("reads every call of the simulator as written and as an older ASP.NET backend speaks (type names too), logged in too, and writes nothing", async () => {
    for (const dialect of [null, "dotnet", ["dotnet", "typeNames"]]) {
      const { code, stdout, made } = await check(dialect, "--login", "demo@{tenant}.example");
      expect(code, stdout).toBe(0);
      expect(stdout).toMatch(/^tenant\s+call\s+offered\s+readable/);
      expect(stdout).toMatch(/friday\s+getRecommenderBankData\s+yes\s+yes/);
      expect(stdout).toMatch(/standard\s+getActiveCampaigns\s+yes\s+yes\s+a 404 without a code, read as an empty list/);
      expect(stdout).toMatch(/\d+ calls, \d+ readable, 0 fatal/);
      expect(made.some((call) => call.startsWith("POST ") && call.endsWith("/account/login"))).toBe(true);
      expect(writes(made)).toEqual([]);
    }
  });

  it("refuses a camelCase backend with each field and a casing hint, exits 1, and reads it once told the dialect", async () => {
    const refused = await check("camelCase", "--tenant", "telekom,allianz");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /telekom\s+getTenantConfig\s+yes\s+no\s+FATAL\s+cannot read: Mandant: expected the key "Mandant", received "mandant"/,
    );
    expect(refused.stdout).toContain(
      'telekom getTenantConfig: Name: expected the key "Name", received "name" (the reply has "name": keys differ only in case',
    );
    // Every tenant's problems, not only the first one's.
    expect(refused.stdout).toContain('allianz getTenantConfig: Name: expected the key "Name", received "name" (the reply has "name"');
    const declared = await check("camelCase", "--tenant", "telekom,allianz", "--dialect", "camelCase");
    expect(declared.code, declared.stdout).toBe(0);
    expect(writes(declared.made)).toEqual([]);
  });

  it("reads padded codes, and names enums sent as numbers with the StringEnumConverter hint, never crashing", async () => {
    const padded = await check(["dotnet", "padded"], "--tenant", "telekom");
    expect(padded.code, padded.stdout).toBe(0);
    const ordinal = await check(["ordinalEnums"], "--tenant", "telekom");
    expect(ordinal.code).toBe(1);
    expect(ordinal.stdout).toMatch(
      /telekom\s+getTenantConfig\s+yes\s+no\s+FATAL\s+cannot read: ProduktApi: expected a name, received the number 0/,
    );
    expect(ordinal.stdout).toContain("the backend sends enums as numbers; it needs a StringEnumConverter");
    expect(ordinal.stdout).not.toMatch(/at \w+ \(|Error:/);
  });

  it("refuses a list that is small gzipped and large decoded, naming the call and both sizes", async () => {
    // 5 MB of list, about 5 KB on the wire: the limit counts what it decodes to.
    env.backends.simulators!.legacy.switches.fault = { kind: "inflating", path: "GET /api/v1/praemie", mb: 5 };
    try {
      const { code, stdout } = await check(null, "--tenant", "telekom");
      expect(code).toBe(1);
      expect(stdout).toMatch(/telekom\s+getRewards\s+yes\s+no\s+FATAL\s+.*too large/);
      expect(stdout).toMatch(/a reply of \d+ bytes on the wire, \d+ or more decoded, over the limit of 2097152/);
    } finally {
      env.backends.simulators!.legacy.switches.fault = null;
    }
  });

  it("writes only when asked with --writes, and undoes what it wrote", async () => {
    const languageOfDemo = async () => {
      const { api } = await requestContext(pageRequest("telekom"), env.bff);
      return (await login(api, { email: "demo@telekom.example", password: "Demo1234" })).Language;
    };
    await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ dialect: null }) });
    const before = await languageOfDemo();
    const { code, stdout, made } = await check("dotnet", "--tenant", "telekom", "--login", "demo@{tenant}.example", "--writes");
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/telekom\s+updateLanguage \(write\)\s+yes\s+yes/);
    expect(stdout).toMatch(/telekom\s+updateLanguage \(undo\)\s+yes\s+yes/);
    expect(writes(made)).toEqual(["POST /api/v1/telekom/account/updateLanguage/"]);
    await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ dialect: null }) });
    expect(await languageOfDemo()).toBe(before);
  });

  it("names what it read as meant though spelt otherwise, with each field, and passes: capitals, booleans as text, ids as strings, control characters", async () => {
    const { code, stdout } = await check(["casedNames", "textBooleans", "stringIds", "controlCharacters"], "--tenant", "allianz");
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/allianz\s+getTenantConfig\s+yes\s+yes\s+.*ProduktApi: a name in another casing: read as "allianz"/);
    expect(stdout).toMatch(/allianz\s+getRewards\s+yes\s+yes\s+.*\*\.Id: a whole number sent as a string of digits/);
    expect(stdout).toMatch(/allianz\s+getRewards\s+yes\s+yes\s+.*\*\.Name: NUL, other control characters or lone surrogates/);
  });

  it("checks the agency's reads with its token: a role in capitals read and named; a token it does not know fails them", async () => {
    const simulator = env.backends.simulators!.legacy;
    const token = simulator.agencyTokenFor("allianz", "inhaber@allianz.example");
    const known = await check(["casedNames"], "--tenant", "allianz", "--agency-token", token);
    expect(known.code, known.stdout).toBe(0);
    expect(known.stdout).toMatch(
      /allianz\s+verifyAgencyToken\s+yes\s+yes\s+Rollen\.\*: a name in another casing: read as "AgenturInhaber"/,
    );
    for (const call of ["getAgencyStatistics", "getAgencyReport", "getOwnerReport", "getInvitationData"])
      expect(known.stdout).toMatch(new RegExp(`allianz\\s+${call}\\s+yes\\s+yes`));
    const lying = await check(["lyingPages"], "--tenant", "allianz", "--agency-token", token);
    expect(lying.code, lying.stdout).toBe(0);
    expect(lying.stdout).toMatch(
      /allianz\s+getAgencyReport\s+yes\s+yes\s+paging disagrees with its rows \(14 rows on page 1 where a TotalCount of 3/,
    );
    const unknown = await check(null, "--tenant", "allianz", "--agency-token", "agy-nobody");
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(/allianz\s+getAgencyStatistics\s+yes\s+no\s+FATAL\s+answered 401 PSOF0204/);
  });

  it("judges what the pages need: null for an object is fatal and named, the default routes unreadable are fatal, not offered they may be missing", async () => {
    const switches = env.backends.simulators!.legacy.switches;
    try {
      switches.fault = { kind: "nullReply", path: "/account/passwortvalidator" };
      const nulled = await check(null, "--tenant", "telekom");
      expect(nulled.code).toBe(1);
      expect(nulled.stdout).toMatch(
        /telekom\s+getPasswordRules\s+yes\s+no\s+FATAL\s+cannot read: \(the reply\): expected an object, received null/,
      );
      switches.fault = { kind: "contract", path: "/route/default" };
      const unreadable = await check(null, "--tenant", "friday");
      expect(unreadable.code).toBe(1);
      expect(unreadable.stdout).toMatch(/friday\s+getDefaultRoutes\s+yes\s+no\s+FATAL/);
      switches.fault = { kind: "notImplemented", path: "/route/default" };
      const missing = await check(null, "--tenant", "friday");
      expect(missing.code, missing.stdout).toBe(0);
      expect(missing.stdout).toMatch(/friday\s+getDefaultRoutes\s+no\s+no\s+may be missing\s+not offered \(404\)/);
      switches.fault = { kind: "cutShort", path: "GET /api/v1/praemie" };
      const cut = await check(null, "--tenant", "telekom");
      expect(cut.stdout).toMatch(/telekom\s+getRewards\s+yes\s+no\s+FATAL\s+.*reply cut short: 200/);
    } finally {
      switches.fault = null;
    }
  });

  it("answers --help with every option and an example, an unknown option with one line and exit 2, and says what it left out", async () => {
    const help = await run(process.execPath, ["--import", "tsx", "server/check-backend.ts", "--help"]);
    for (const option of ["--tenant", "--login", "--writes", "--dialect", "--agency-token", "--help", "example:"])
      expect(help.stdout).toContain(option);
    const unknown = await run(process.execPath, ["--import", "tsx", "server/check-backend.ts", env.backends.legacyUrl, "--bogus"]).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(unknown).toMatchObject({ code: 2, stdout: "" });
    expect((unknown as { stderr: string }).stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Unknown option '--bogus'/),
      expect.stringMatching(/^usage: /),
    ]);
    const { stdout } = await check(null, "--tenant", "telekom");
    expect(stdout).toContain("the agency area's calls were not checked: give --agency-token");
  });

  it("names a backend that asks for a login (forms authentication's redirect) on the call it refused, and exits 1", async () => {
    await fetch(`${env.backends.legacyUrl}/__control`, {
      method: "POST",
      body: JSON.stringify({ fault: { kind: "formsAuthExpired", path: "/mandant/telekom" } }),
    });
    try {
      const { code, stdout } = await check(null, "--tenant", "telekom");
      expect(code).toBe(1);
      expect(stdout).toMatch(/getTenantConfig.*sign-in page/);
      expect(stdout).toContain("the backend asks for a login (forms authentication)");
    } finally {
      await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ fault: null }) });
    }
  });

  it("behind a farm with affinity: names the cookies it does not send back; sends them back where the tenant's entry names them", async () => {
    await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ affinity: true }) });
    try {
      const unnamed = await check(null, "--tenant", "friday", "--login", "demo@{tenant}.example");
      expect(unnamed.code).toBe(1);
      expect(unnamed.stdout).toMatch(
        /friday\s+getTenantConfig\s+yes\s+yes\s+the backend set cookies the portal does not send back \(ARRAffinity, ARRAffinitySameSite\)/,
      );
      expect(unnamed.stdout).toMatch(/friday\s+getUser\s+yes\s+no\s+FATAL\s+answered 401 PSOF0204/);
      const entries = Object.entries(demoTenantHosts(3000, "standard")).map(([host, entry]) => [
        host,
        { ...entry, backendCookies: ["ARRAffinity"] },
      ]);
      const withAffinity = join(mkdtempSync(join(tmpdir(), "check-backend-")), "tenants.json");
      writeFileSync(withAffinity, JSON.stringify(Object.fromEntries(entries)));
      const named = await checkWith({ TENANTS_FILE: withAffinity }, null, "--tenant", "friday", "--login", "demo@{tenant}.example");
      expect(named.code, named.stdout).toBe(0);
      expect(named.stdout).toMatch(/friday\s+getUser\s+yes\s+yes/);
    } finally {
      await fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ affinity: false }) });
    }
  });

  it("judges each call by the page's deadline and the reply limit: a slow call and a report too large are fatal, named", async () => {
    const simulator = env.backends.simulators!.legacy;
    const token = simulator.agencyTokenFor("allianz", "inhaber@allianz.example");
    try {
      simulator.switches.fault = { kind: "slow", path: "GET /api/v1/praemie", ms: 1_500 };
      const slow = await checkWith({ PAGE_DEADLINE_MS: "1000" }, null, "--tenant", "allianz");
      expect(slow.code).toBe(1);
      expect(slow.stdout).toMatch(
        /allianz\s+getRewards\s+yes\s+yes\s+FATAL\s+answered in \d+ ms, after the page's deadline of 1000 ms \(PAGE_DEADLINE_MS\)/,
      );
      simulator.switches.fault = { kind: "inflating", path: "/agentur/auftraege", mb: 3 };
      const large = await check(null, "--tenant", "allianz", "--agency-token", token);
      expect(large.code).toBe(1);
      expect(large.stdout).toMatch(/allianz\s+getAgencyReport\s+yes\s+no\s+FATAL\s+cannot read: body: too large/);
    } finally {
      simulator.switches.fault = null;
    }
  });

  it("names a backend URL that may lack its path prefix: the configuration's 404 is IIS's page, no application's", async () => {
    const prefixed = (pathPrefix: string) =>
      fetch(`${env.backends.legacyUrl}/__control`, { method: "POST", body: JSON.stringify({ pathPrefix }) });
    await prefixed("/referral");
    try {
      const lacking = await check(null, "--tenant", "telekom");
      expect(lacking.code).toBe(1);
      expect(lacking.stdout).toMatch(/telekom\s+getTenantConfig\s+yes\s+no\s+FATAL/);
      expect(lacking.stdout).toContain("the backend URL may lack its path prefix (LEGACY_API_URL, or backendUrl in TENANTS_FILE");
      const given = await checkWith({ BACKEND_URL: `${env.backends.legacyUrl}/referral/` }, null, "--tenant", "telekom");
      expect(given.code, given.stdout).toBe(0);
    } finally {
      await prefixed("");
    }
  });

  it("names an unreachable backend and exits 1", async () => {
    const result = await run(process.execPath, [
      "--import",
      "tsx",
      "server/check-backend.ts",
      "http://127.0.0.1:9",
      "--tenant",
      "telekom",
    ]).catch((error: { code: number; stdout: string }) => error);
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stdout: string }).stdout).toMatch(/telekom\s+getTenantConfig\s+no\s+no\s+FATAL\s+getTenantConfig unavailable/);
  });
});
