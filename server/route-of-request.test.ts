import { describe, expect, it } from "vitest";
import { portalRouteManifest } from "../tests/support/portal-routes";
import { createRouteOfRequest } from "./route-of-request";

const routeOf = createRouteOfRequest({ routes: await portalRouteManifest() });

describe("the route that answers a request", () => {
  it.each([
    "/login",
    "/LOGIN",
    "/Login/",
    "/login.data",
    "/LOGIN.data",
    "/%6Cogin",
    "/%6c%6F%67%69%6E",
    "/login?index",
    "/login?x=1&index",
    "/login//",
  ])("is the login's for a post to %s", (path) => {
    expect(routeOf("POST", path)).toBe("routes/login");
  });

  it("follows Remix on index routes: a post goes to the index only with ?index, else to its parent", () => {
    expect(routeOf("POST", "/empfehlen")).toBe("root");
    expect(routeOf("POST", "/empfehlen?index")).toBe("routes/empfehlen._index");
    expect(routeOf("GET", "/empfehlen")).toBe("routes/empfehlen._index");
    expect(routeOf("POST", "/_root.data")).toBe("root");
  });

  it("tells the admin login and other pages apart", () => {
    expect(routeOf("GET", "/login/adm-telekom-0001")).toBe("routes/login_.$adminLoginToken");
    expect(routeOf("GET", "/LOGIN/adm-telekom-0001.data")).toBe("routes/login_.$adminLoginToken");
    expect(routeOf("POST", "/empfehlen/11")).toBe("routes/empfehlen.$produktId");
    expect(routeOf("POST", "//login")).toBe("routes/$");
    expect(routeOf("POST", "/login%2F")).toBe("routes/$");
  });
});
