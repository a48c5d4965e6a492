import { describe, expect, it } from "vitest";
import { memoryLogger } from "../../tests/support/test-logger";
import { scrub } from "./logger.server";

describe("log scrubbing", () => {
  it("removes tokens, e-mails and IBANs from text", () => {
    const line = scrub("GET /api/v1/account/login/?token=abc123 for anna@example.com IBAN DE89 3704 0044 0532 0130 00 Bearer xyz.789");
    expect(line).not.toMatch(/abc123|anna@example\.com|0532|xyz\.789/);
  });

  it("never writes a secret into a log line, whatever the field", () => {
    const { logger, lines } = memoryLogger();
    logger.info(
      { email: "anna@example.com", token: "t0k3n", nested: { password: "Geheim123", note: "see DE89370400440532013000" } },
      "login of anna@example.com",
    );
    const text = JSON.stringify(lines);
    for (const secret of ["anna@example.com", "t0k3n", "Geheim123", "DE89370400440532013000"]) expect(text).not.toContain(secret);
  });

  it.each([
    "/login/adm-secret-1",
    "/LOGIN/adm-secret-1",
    "/%6Cogin/adm-secret-1",
    "/%256Cogin/adm-secret-1",
    "/login/adm-secret-1.data",
    "/login/adm-secret-1?lng=en",
    "//login//adm-secret-1",
    "/login%2Fadm-secret-1",
    "/praemie?token=adm-secret-1",
    "/praemie?TOKEN=adm-secret-1",
    "/praemie?%74oken=adm-secret-1",
    "/praemie?to%6Ben=adm-secret-1",
    "/praemie?%2574oken=adm-secret-1",
    "/praemie?x=1&Token=adm-secret-1#top",
    "/x?t=adm-secret-1",
    "/__idp/return?code=adm-secret-1&state=adm-secret-1",
    // As the router reads a path: backslashes, `;` parameters, dot segments, encoded backslashes.
    "/login\\adm-secret-1",
    "\\login\\adm-secret-1",
    "/login%5Cadm-secret-1",
    "/login;jsessionid=1/adm-secret-1",
    "/x/../login/adm-secret-1",
    "/login/x/../adm-secret-1",
    "/x/%2e%2e/LOGIN/adm-secret-1.data",
    "/log%09in/adm-secret-1",
    // Parameter names as servers and frameworks read them.
    "/praemie?token%00=adm-secret-1",
    "/praemie?token[]=adm-secret-1",
    "/praemie?token.x=adm-secret-1",
    "/praemie?access_token=adm-secret-1",
    "/praemie?id_token=adm-secret-1",
    "/praemie?+token=adm-secret-1",
    "/praemie?x=1;token=adm-secret-1",
  ])("redacts the token of %s", (path) => {
    const { logger, lines } = memoryLogger();
    logger.info({ path, method: "GET" }, "request");
    expect(JSON.stringify(lines)).not.toContain("adm-secret-1");
  });

  it.each([
    "/behalten?w=0a1b2c3d.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/behalten?W=0a1b2c3d.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/behalten?x=1&w=0a1b2c3d.AAAA",
    "/irgendwo?weiter=0a1b2c3d.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/irgendwo?weiter=0a1b2c3d%2EAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ])("redacts the kept-choices address and any value the portal sealed: %s", (path) => {
    expect(scrub(path)).not.toMatch(/AAAA/);
  });

  it("keeps request ids whole, even where their last part looks like the start of an IBAN", () => {
    expect(scrub("831ce9b7-e5c2-41c0-b4a1-fd12ab34cd56")).toBe("831ce9b7-e5c2-41c0-b4a1-fd12ab34cd56");
    expect(scrub("NO93 8601 1117 947 and BE68 5390 0754 7034")).toBe("[iban] and [iban]");
  });

  it("keeps what is no secret: paths, recommendation numbers, other parameters", () => {
    expect(scrub("/empfaengerdaten/AZ-100003?channel=mail&lng=en")).toBe("/empfaengerdaten/AZ-100003?channel=mail&lng=en");
    expect(scrub("/login?redirectTo=%2Fmeinedaten")).toBe("/login?redirectTo=%2Fmeinedaten");
    expect(scrub("/login/adm-1?lng=en")).toBe("/login/[redacted]?lng=en");
  });
});

describe("log scrubbing of encoded and lower-case values", () => {
  it.each([
    ["/kontakt?mail=anna%40example.org&x=1", "anna"],
    ["/kontakt?mail=anna%2540example.org", "anna"],
    ["/bankdaten/de89370400440532013000", "370400440532013000"],
    ["/bankdaten/de89%203704%200044%200532%200130%2000", "3704"],
    ["iban de89 3704 0044 0532 0130 00 given", "3704"],
  ])("redacts %s", (line, secret) => {
    expect(scrub(line)).not.toContain(secret);
  });

  it("keeps encoded values that are no personal data", () => {
    expect(scrub("/login?redirectTo=%2Fmeinedaten%3Fx%3D1")).toBe("/login?redirectTo=%2Fmeinedaten%3Fx%3D1");
    expect(scrub("/faq?q=Pr%C3%A4mie")).toBe("/faq?q=Pr%C3%A4mie");
  });
});
