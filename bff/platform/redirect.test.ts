import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

const PORTAL = "https://portal.example";
const CURRENT_PAGE = `${PORTAL}/login?redirectTo=x`;

/** Where a browser goes when the portal answers with `Location: value` on its login page. */
const browserTarget = (value: string) => new URL(value, CURRENT_PAGE);
/** The same place: an empty query or fragment (`/?`, `/#`) changes nothing. */
const place = (url: URL) => `${url.origin}${url.pathname}${url.search}${url.hash}`;

describe("safeRedirect", () => {
  it.each(["/persoenlicherbereich", "/empfehlen/12?channel=mail", "/a#b", "/%2F%2Fstill-a-path"])("keeps the portal path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    "/behalten?w=x",
    "/BEHALTEN?w=x",
    "/behalten/?w=x",
    "/beh%61lten?w=x",
    "/beh%2561lten?w=x",
    "/a/../behalten?w=x",
    "/behalten.data?w=x",
  ])("never leads to the address that sets kept choices: %s", (path) => {
    expect(safeRedirect(path, "/fallback")).toBe("/fallback");
  });

  it.each([
    "/login/adm-allianz-0001",
    "/LOGIN/adm-allianz-0001",
    "/Login//adm-allianz-0001/",
    "/%6cogin/adm-allianz-0001",
    "/login%2Fadm-allianz-0001",
    "/log%2569n/adm-allianz-0001",
    "/agentur/../login/adm-allianz-0001",
    "/agentur/%2e%2e/login/adm-allianz-0001",
    "/\tlogin/adm-allianz-0001",
    "/login/adm-allianz-0001.data",
    "/login/adm-allianz-0001?redirectTo=/",
  ])("never leads to a token's sign-in, which would sign the browser into someone's account: %s", (path) => {
    expect(safeRedirect(path, "/fallback")).toBe("/fallback");
  });

  it("keeps the login page itself, and paths that only begin like it", () => {
    expect(safeRedirect("/login?redirectTo=/meinedaten")).toBe("/login?redirectTo=/meinedaten");
    expect(safeRedirect("/login/")).toBe("/login/");
    expect(safeRedirect("/loginhilfe/x")).toBe("/loginhilfe/x");
  });

  it("normalises as a browser does and keeps only the result", () => {
    expect(safeRedirect("/a/../meinedaten")).toBe("/meinedaten");
    expect(safeRedirect("/\tmeine\ndaten")).toBe("/meinedaten");
    expect(safeRedirect(" /meinedaten")).toBe("/meinedaten");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "\u0000//evil.example",
    "/\r\n/evil.example",
    "//evil.example@portal.example",
    "///evil.example",
    "/\\/evil.example",
    "https:evil.example",
    "http:/\\evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "",
    null,
    undefined,
    "relative",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/home")).toBe("/home");
  });

  it("never sends a browser to another origin, and where it redirects, goes where the browser would have gone", () => {
    const pieces = [
      "/",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%5c",
      "\t",
      "\n",
      "\r",
      " ",
      "\u0000",
      "evil.example",
      "@",
      ":",
      "?",
      "#",
      "http:",
      "https:",
      "a",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 10 }), (parts) => {
        const value = parts.join("");
        const result = safeRedirect(value, "/fallback");
        expect(browserTarget(result).origin).toBe(PORTAL);
        if (result !== "/fallback") expect(place(browserTarget(result))).toBe(place(browserTarget(value)));
      }),
      { numRuns: 20_000 },
    );
  });
});
