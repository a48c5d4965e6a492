// The recommendation form's action, called directly with a Request as Remix would, over the simulator.
import { expect, it } from "vitest";
import { action } from "../../app/routes/empfehlen.$produktId";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, onSimulatorOnly, pageRequest } from "../support/backends";

const env = backendsForSuite();

function post(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  // The telecom's backend runs a campaign (the demo's only one).
  const request = pageRequest("telekom", "/empfehlen/631", { method: "POST", body });
  return action({
    request,
    params: { produktId: "631" },
    context: createLoadContext(env.bff, { cspNonce: "n", requestId: "test-request" }),
  });
}

const form = (email: string) => ({ vorname: "Rita", nachname: "Rat", email, share: "100", rules: "on", agb: "on" });

onSimulatorOnly("the recommendation form's action", () => {
  it("sends consent only to campaigns the form showed; forged, negative or exponent ids are dropped", async () => {
    const email = `campaigns.${Date.now()}@example.org`;
    const response = (await post({ ...form(email), aktionen: ["1", "999", "-1", "1e3", "1"] })) as Response;
    expect(response.status).toBe(302);
    const created = env.backends.simulators!.legacy.recommendationsOf("telekom").find((item) => item.recommenderEmail === email);
    expect(created?.campaigns).toEqual([1]);
  });

  it("sends no campaign consent when none was ticked", async () => {
    const email = `nocampaign.${Date.now()}@example.org`;
    await post({ ...form(email), aktionen: "999" });
    const created = env.backends.simulators!.legacy.recommendationsOf("telekom").find((item) => item.recommenderEmail === email);
    expect(created?.campaigns).toEqual([]);
  });
});
