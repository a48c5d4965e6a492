// The root loader's forced-login guard, with a tenant switched to ModuleErzwingeLogin.
import { describe, expect, it } from "vitest";
import { loader } from "../../app/root";
import { bffOver, pageRequest, useBackends } from "../support/backends";

const env = useBackends();

async function rootLoader(path: string, cookies: string[] = []) {
  const { bff } = bffOver(env.backends);
  try {
    return await loader({ request: pageRequest("standard", path, { cookies }), params: {}, context: { bff, cspNonce: "n", requestId: "r" } });
  } catch (thrown) {
    return thrown;
  } finally {
    await bff.close();
  }
}

describe("forced login in the root loader", () => {
  it("sends a logged-out visitor of a closed page to /login, and lets open pages and logged-in users through", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { ModuleErzwingeLogin: true });
    const closed = (await rootLoader("/persoenlicherbereich")) as Response;
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/login?redirectTo=%2Fpersoenlicherbereich");
    expect(await rootLoader("/code")).toMatchObject({ tenant: { id: "standard" } });
    const user = env.bff.cookies.user.write({ token: "t", vorname: "Anna", nachname: "S", email: "a@example.org", newsletterPermission: false });
    expect(await rootLoader("/", [user])).toMatchObject({ user: { vorname: "Anna" } });
  });

  it("leaves every page open without the flag", async () => {
    expect(await rootLoader("/")).toMatchObject({ user: null });
  });
});
