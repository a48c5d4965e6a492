// OpenTelemetry export: off unless an OTLP endpoint is configured (config.traceExport: OTEL_EXPORTER_OTLP_ENDPOINT
// or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, which the exporter reads with its other OTEL_EXPORTER_OTLP_* settings). Then each request is a server span, child of the balancer's, and each backend or CMS call a
// client span under it, sent in batches over OTLP/HTTP. The SDK is loaded only when asked for.
import type { Span } from "@opentelemetry/api";
import type { ExportedSpan, SpanExport, SpanIds } from "./trace-context.server";

export type TraceExportSettings = { serviceName: string; serviceVersion: string };

export type TraceExport = { spans: SpanExport; shutdown(): Promise<void> };

export async function startTraceExport({ serviceName, serviceVersion }: TraceExportSettings): Promise<TraceExport> {
  const [api, { BatchSpanProcessor, TracerProvider }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName, "service.version": serviceVersion }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  const tracer = provider.getTracer("referral-portal", serviceVersion);

  function exported(span: Span): ExportedSpan {
    const { traceId, spanId, traceFlags } = span.spanContext();
    return {
      ids: { traceId, spanId, flags: traceFlags.toString(16).padStart(2, "0") },
      child: (name) => exported(tracer.startSpan(name, { kind: api.SpanKind.CLIENT }, api.trace.setSpan(api.ROOT_CONTEXT, span))),
      end({ name, attributes, failed }) {
        if (name) span.updateName(name);
        span.setAttributes(attributes);
        if (failed) span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      },
    };
  }

  /** The balancer's span, the parent of the request's. */
  function remote({ traceId, spanId, flags }: SpanIds) {
    return api.trace.setSpanContext(api.ROOT_CONTEXT, { traceId, spanId, traceFlags: parseInt(flags, 16), isRemote: true });
  }

  const spans: SpanExport = {
    serverSpan: (parent, name) =>
      exported(tracer.startSpan(name, { kind: api.SpanKind.SERVER }, parent ? remote(parent) : api.ROOT_CONTEXT)),
  };
  return { spans, shutdown: () => provider.shutdown() };
}
