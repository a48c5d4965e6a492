import { describe, expect, it } from "vitest";
import { cookieNamesOf, createBackendCookieJar } from "./backend-cookies.server";

const AFFINITY = ["ARRAffinity", "ARRAffinitySameSite"];

describe("a browser's backend cookies", () => {
  it("keeps the named cookies a reply sets, sends them back, and names the others without keeping them", () => {
    const jar = createBackendCookieJar(AFFINITY);
    expect(jar.header()).toBe("");
    const others = jar.take([
      "ARRAffinity=abc123;Path=/;HttpOnly;Domain=api.example",
      "ARRAffinitySameSite=abc123;Path=/;HttpOnly;SameSite=None;Secure",
      "ASP.NET_SessionId=s3cr3t; path=/; HttpOnly",
    ]);
    expect(others).toEqual(["ASP.NET_SessionId"]);
    expect(jar.changed).toBe(true);
    expect(jar.header()).toBe("ARRAffinity=abc123; ARRAffinitySameSite=abc123");
    expect(jar.values()).toEqual({ ARRAffinity: "abc123", ARRAffinitySameSite: "abc123" });
  });

  it("is unchanged by the value it already holds, and drops a cookie the backend ends", () => {
    const jar = createBackendCookieJar(AFFINITY, { ARRAffinity: "abc123", Other: "kept nowhere" });
    expect(jar.header()).toBe("ARRAffinity=abc123");
    jar.take(["ARRAffinity=abc123; Path=/"]);
    expect(jar.changed).toBe(false);
    jar.take(["ARRAffinity=; Max-Age=0"]);
    expect(jar.changed).toBe(true);
    expect(jar.values()).toEqual({});
  });

  it("names the cookies of a reply, once each", () => {
    expect(cookieNamesOf(["a=1", "b=2; Path=/", "a=3", "broken"])).toEqual(["a", "b"]);
  });
});
