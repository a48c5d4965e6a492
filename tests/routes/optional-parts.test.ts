// Parts of a page that can be left out fail alone: where their call answers 500, breaks the contract
// or is not JSON, the page answers 200 without them, the problem logged and counted for /metrics.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { loader as homeLoader } from "../../app/routes/_index";
import { loader as recipientLoader } from "../../app/routes/empfaengerdaten.$empfehlungsnummer";
import { loader as productListLoader } from "../../app/routes/empfehlen._index";
import { loader as recommendLoader } from "../../app/routes/empfehlen.$produktId";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, bffOver, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();

async function leftOut(
  part: string,
  path: string,
  kind: "error500" | "contract" | "malformed",
  load: (context: LoaderFunctionArgs["context"]) => Promise<unknown>,
) {
  env.backends.simulators!.legacy.switches.fault = { kind, path };
  const { bff, lines } = bffOver(env.backends);
  try {
    const loaded = await load(createLoadContext(bff, { cspNonce: "n", requestId: "r" }));
    const counted = await bff.metrics.registry.getSingleMetricAsString("portal_optional_parts_left_out_total");
    expect(counted).toMatch(new RegExp(`part="${part}"\\} 1`));
    expect(lines.some((line) => line.msg === "optional part left out" && line.part === part)).toBe(true);
    return loaded;
  } finally {
    env.backends.simulators!.legacy.switches.fault = null;
    await bff.close();
  }
}

const args = (context: LoaderFunctionArgs["context"], tenant: string, path: string, params: Record<string, string> = {}) =>
  ({ request: pageRequest(tenant, path), params, context }) as LoaderFunctionArgs;

describe.skipIf(onRealBackend)("optional parts of a page", () => {
  it("the home page answers without its reward cards, never saying there are none, its offer then from the tenant's best figure", async () => {
    for (const kind of ["error500", "contract", "malformed"] as const) {
      const page = (await leftOut("rewards", "GET /api/v1/praemie", kind, (context) => homeLoader(args(context, "allianz", "/")))) as {
        rewards: unknown[] | null;
        hero: { offer: unknown; tenantName: string };
      };
      expect(page.rewards).toBeNull();
      expect(page.hero.offer).toEqual({ cashCents: null, voucherCents: null, upToCents: 7000, friendCents: 5000 });
      expect(page.hero.tenantName).toBeTruthy();
    }
  });

  it("the recipient page answers without the reward's picture", async () => {
    const page = (await leftOut("rewardPicture", "GET /api/v1/praemie", "contract", (context) =>
      recipientLoader(args(context, "telekom", "/empfaengerdaten/TK-100001", { empfehlungsnummer: "TK-100001" })),
    )) as { image: unknown; product: string };
    expect(page.image).toBeNull();
    expect(page.product).toBeTruthy();
  });

  it("a page keeps every portal language, and the portal's own words, where the tenant's cannot be read", async () => {
    const languages = await leftOut("languages", "content/getlanguages", "error500", async (context) =>
      context.bff.tenants.languagesOf(context.bff.tenants.resolve("friday.localhost")),
    );
    expect(languages).toEqual(["de", "en"]);
    const root = (await leftOut("tenantTexts", "content/getlanguagecontent", "contract", async (context) => {
      const response = await rootLoader(args(context, "telekom", "/"));
      return (response as unknown as { data: unknown }).data ?? response;
    })) as { tenantTexts: Record<string, string> };
    expect(root.tenantTexts).toEqual({});
  });

  it("the recommendation form answers without campaigns, and the product list without its category navigation", async () => {
    const form = (await leftOut("campaigns", "aktion/alleAktiven", "error500", (context) =>
      recommendLoader(args(context, "friday", "/empfehlen/1", { produktId: "1" })),
    )) as { campaigns: unknown[] };
    expect(form.campaigns).toEqual([]);
    const list = (await leftOut("productCategories", "produktkategorie", "malformed", (context) =>
      productListLoader(args(context, "friday", "/empfehlen")),
    )) as { categories: unknown[] };
    expect(list.categories).toEqual([]);
  });
});
