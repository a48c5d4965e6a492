import { describe, expect, it } from "vitest";
import { memoryLogger } from "../tests/support/test-logger";
import { scrub } from "./logger.server";

describe("log scrubbing", () => {
  it("removes tokens, e-mails and IBANs from text", () => {
    const line = scrub("GET /api/v1/account/login/?token=abc123 for anna@example.com IBAN DE89 3704 0044 0532 0130 00 Bearer xyz.789");
    expect(line).not.toMatch(/abc123|anna@example\.com|0532|xyz\.789/);
  });

  it("never writes a secret into a log line, whatever the field", () => {
    const { logger, lines } = memoryLogger();
    logger.info({ email: "anna@example.com", token: "t0k3n", nested: { password: "Geheim123", note: "see DE89370400440532013000" } }, "login of anna@example.com");
    const text = JSON.stringify(lines);
    for (const secret of ["anna@example.com", "t0k3n", "Geheim123", "DE89370400440532013000"]) expect(text).not.toContain(secret);
  });
});
