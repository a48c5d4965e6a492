import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { memoryLogger } from "../../tests/support/test-logger";
import { exportSpansWith, runInTrace, tracedCall, traceOf } from "./trace-context.server";
import { startTraceExport } from "./trace-export.server";

/** The headers a call made now would carry. */
const callHeaders = () =>
  tracedCall(
    "GET getTenantConfig",
    {},
    async (headers) => ({ headers, status: 200 }),
    (reply) => reply.status,
  ).then((reply) => reply.headers);

describe("W3C trace context", () => {
  it("takes up a valid traceparent, with a span of the portal's own", async () => {
    const trace = traceOf("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    expect(trace).toMatchObject({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", flags: "01" });
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(trace.spanId).not.toBe("00f067aa0ba902b7");
    expect(await runInTrace(trace, callHeaders)).toEqual({ traceparent: `00-${trace.traceId}-${trace.spanId}-01` });
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

  it("puts the trace id in every log line written within the request, and none outside", async () => {
    const { logger, lines } = memoryLogger();
    const trace = traceOf("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    runInTrace(trace, () => logger.warn({ call: "getTenantConfig" }, "legacy call slow"));
    logger.info("outside");
    expect(lines.map((line) => line.traceId)).toEqual(["4bf92f3577b34da6a3ce929d0e0e4736", undefined]);
    // One that the IBAN scrubber would take for an IBAN (two letters, two digits, then more) is kept as it is.
    const looksLikeAnIban = traceOf("00-de89370400440532013000aabbccddee-00f067aa0ba902b7-01");
    runInTrace(looksLikeAnIban, () => logger.info("inside"));
    expect(lines.at(-1)?.traceId).toBe("de89370400440532013000aabbccddee");
    expect(await callHeaders()).toEqual({});
  });
});

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string }[] };

describe("OpenTelemetry export, where an OTLP endpoint is configured", () => {
  it("sends the request's span as the balancer's child and each call's span under it; the call carries its own span", async () => {
    const batches: { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }[] = [];
    const collector = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        batches.push(JSON.parse(body));
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
    const traceExport = await startTraceExport({ serviceName: "referral-portal", serviceVersion: "test" });
    try {
      exportSpansWith(traceExport.spans);
      const trace = traceOf("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "GET");
      const sent = await runInTrace(trace, callHeaders);
      trace.span!.end({ name: "GET routes/faq", attributes: { "http.response.status_code": 200 }, failed: false });
      await traceExport.shutdown();
      const spans = batches.flatMap((batch) =>
        batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
      );
      const server = spans.find((span) => span.name === "GET routes/faq");
      const call = spans.find((span) => span.name === "GET getTenantConfig");
      expect(server).toMatchObject({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: trace.spanId, parentSpanId: "00f067aa0ba902b7" });
      expect(call).toMatchObject({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", parentSpanId: trace.spanId });
      expect(sent).toEqual({ traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-${call!.spanId}-01` });
    } finally {
      exportSpansWith(null);
      delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
      collector.close();
    }
  });

  it("exports nothing where no endpoint is configured: the trace is the portal's own ids, with no span", () => {
    expect(traceOf(undefined).span).toBeUndefined();
  });
});
