import { describe, expect, it } from "vitest";
import { pathAsBrowsersRead } from "./browser-path";

describe("a request's path, read as a browser reads it", () => {
  it.each([
    ["/login\\adm-1", "/login/adm-1"],
    ["\\login\\adm-1", "/login/adm-1"],
    ["/x/../login/adm-1?lng=en", "/login/adm-1?lng=en"],
    ["/login/./adm-1", "/login/adm-1"],
    ["/x/%2e%2e/login/adm-1", "/login/adm-1"],
    ["/x/%2E./login/adm-1", "/login/adm-1"],
    ["/..", "/"],
  ])("reads %s as %s, as a browser sends it", (target, read) => {
    expect(pathAsBrowsersRead(target)).toBe(read);
    expect(pathAsBrowsersRead(target)).toBe(new URL(target, "http://portal.test").href.slice("http://portal.test".length));
  });

  it.each(["/login/adm-1", "//login//adm-1", "/faq?q=a\\b", "/login%2Fadm-1", "/empfaengerdaten/AZ-1.data", "/..x/y"])(
    "leaves %s as it is",
    (target) => {
      expect(pathAsBrowsersRead(target)).toBe(target);
    },
  );
});
