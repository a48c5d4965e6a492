import { describe, expect, it } from "vitest";
import { memoryLogger } from "../../tests/support/test-logger";
import { runInTrace, traceHeaders, traceOf } from "./trace-context.server";

describe("W3C trace context", () => {
  it("takes up a valid traceparent, with a span of the portal's own", () => {
    const trace = traceOf("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    expect(trace).toMatchObject({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", flags: "01" });
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(runInTrace(trace, traceHeaders)).toEqual({ traceparent: `00-${trace.traceId}-${trace.spanId}-01` });
  });

  it("starts a new trace for a missing, malformed or all-zero traceparent", () => {
    for (const header of [
      undefined,
      "",
      "garbage",
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4BF92F35-00f067aa0ba902b7-01",
    ]) {
      const trace = traceOf(header);
      expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(trace.traceId).not.toBe("00000000000000000000000000000000");
      expect(trace.flags).toBe("00");
    }
    expect(traceOf(undefined).traceId).not.toBe(traceOf(undefined).traceId);
  });

  it("puts the trace id in every log line written within the request, and none outside", () => {
    const { logger, lines } = memoryLogger();
    const trace = traceOf("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    runInTrace(trace, () => logger.warn({ call: "getTenantConfig" }, "legacy call slow"));
    logger.info("outside");
    expect(lines.map((line) => line.traceId)).toEqual(["4bf92f3577b34da6a3ce929d0e0e4736", undefined]);
    // One that the IBAN scrubber would take for an IBAN (two letters, two digits, then more) is kept as it is.
    const looksLikeAnIban = traceOf("00-de89370400440532013000aabbccddee-00f067aa0ba902b7-01");
    runInTrace(looksLikeAnIban, () => logger.info("inside"));
    expect(lines.at(-1)?.traceId).toBe("de89370400440532013000aabbccddee");
    expect(traceHeaders()).toEqual({});
  });
});
