// The content service client against the CMS simulator: token, content, renewal on 401.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withVariables } from "../../bff/content/content.server";
import { requestContext } from "../../bff/portal/request-context.server";
import type { Bff } from "../../bff/portal/services.server";
import { type Backends, bffOver, onRealBackend, pageRequest, startBackends } from "../support/backends";

let backends: Backends;
let bff: Bff;
let lines: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
});
afterAll(() => backends.close());
beforeEach(() => {
  backends.simulators?.cms.reset();
  ({ bff, lines } = bffOver(backends));
});

async function credentials(tenant: string) {
  return (await requestContext(pageRequest(tenant), bff)).config;
}

describe("content service", () => {
  it("reads the text variables by graphql, renewing an expired token, and fills them into texts", async () => {
    const tenant = await credentials("allianz");
    const variables = await bff.cms.getVariables(tenant);
    expect(variables).toMatchObject({ Hotline: expect.any(String) });
    expect(withVariables("Rufen Sie {{Hotline}} an, {{Unbekannt}} bleibt.", variables)).toBe(
      `Rufen Sie ${variables.Hotline} an, {{Unbekannt}} bleibt.`,
    );
    if (onRealBackend) return;
    backends.simulators!.cms.expireTokens();
    const fresh = bffOver(backends).bff;
    await fresh.cms.getContentBlock(tenant, "home", "de");
    backends.simulators!.cms.expireTokens();
    await expect(fresh.cms.getVariables(tenant)).resolves.toEqual(variables);
    await fresh.close();
  });

  it.each(["de", "en"])("loads the content block, key visual, FAQ and footnotes in %s", async (locale) => {
    const tenant = await credentials("telekom");
    await expect(bff.cms.getContentBlock(tenant, "home", locale)).resolves.toMatchObject({ Id: "home" });
    await expect(bff.cms.getKeyVisual(tenant, "home", locale)).resolves.toMatchObject({ Id: "home" });
    expect((await bff.cms.getFaq(tenant, "allgemein", locale)).length).toBeGreaterThanOrEqual(15);
    const notes = await bff.cms.getFootnotes(tenant, "praemie", locale);
    expect(notes.every((note) => note.Identifier === "praemie")).toBe(true);
  });
});

describe.skipIf(onRealBackend)("content service on the simulator", () => {
  it("asks for one token for many concurrent reads", async () => {
    const tenant = await credentials("allianz");
    await Promise.all(
      ["de", "en"].flatMap((locale) => [bff.cms.getContentBlock(tenant, "home", locale), bff.cms.getKeyVisual(tenant, "home", locale)]),
    );
    expect(backends.simulators!.cms.stats.tokenRequests).toBe(1);
  });

  it("renews an expired token once and retries the call once", async () => {
    const tenant = await credentials("friday");
    await bff.cms.getContentBlock(tenant, "home", "de");
    backends.simulators!.cms.expireTokens();
    const before = { ...backends.simulators!.cms.stats };
    bff.sharedReads.clear();
    await expect(bff.cms.getContentBlock(tenant, "home", "de")).resolves.toMatchObject({ Id: "home" });
    expect(backends.simulators!.cms.stats.tokenRequests - before.tokenRequests).toBe(1);
    expect(backends.simulators!.cms.stats.contentRequests - before.contentRequests).toBe(1);
  });

  it("rejects with 'Inhalt nicht verfügbar' when the CMS is unreachable, and a page block becomes null with one log line", async () => {
    const tenant = await credentials("standard");
    backends.simulators!.cms.switches.down = true;
    await expect(bff.cms.getContentBlock(tenant, "home", "de")).rejects.toThrow("Inhalt nicht verfügbar");
    await expect(bff.cms.optional(() => bff.cms.getContentBlock(tenant, "home", "en"))).resolves.toBeNull();
    expect(lines.filter((line) => line.msg === "Fehler beim Laden des CMS Inhalts")).toHaveLength(1);
  });

  it("serves cached content while the CMS is down", async () => {
    const tenant = await credentials("telekom");
    await bff.cms.getContentBlock(tenant, "home", "de");
    backends.simulators!.cms.switches.down = true;
    await expect(bff.cms.getContentBlock(tenant, "home", "de")).resolves.toMatchObject({ Id: "home" });
  });
});
