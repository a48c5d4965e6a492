// W3C Trace Context (https://www.w3.org/TR/trace-context/): a request's `traceparent` from the balancer
// is taken up (a malformed one starts a new trace), its trace id goes into every log line written while
// the request is served, and every call to a backend or the CMS carries it on, with the portal's own
// span as the parent. Kept per request in AsyncLocalStorage, so no function passes it along. Where an
// OTLP endpoint is configured, the spans are exported too (trace-export.server.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZEROS = /^0+$/;

/** A span's place in its trace: the ids and flags a `traceparent` carries. */
export type SpanIds = { traceId: string; spanId: string; flags: string };

/** How a span ends: its final name where it is known only then (the route), what it did, whether it failed. */
export type SpanEnd = { name?: string; attributes: Record<string, string | number>; failed: boolean };

/** A span that is exported when it ends; `child` starts a call's span under it. */
export type ExportedSpan = { ids: SpanIds; child(name: string): ExportedSpan; end(how: SpanEnd): void };

/** What exports spans (OpenTelemetry's SDK, where an endpoint is configured): a request's span, child of the balancer's. */
export type SpanExport = { serverSpan(parent: SpanIds | null, name: string): ExportedSpan };

export type Trace = SpanIds & { span?: ExportedSpan };

type TraceState = { requests: AsyncLocalStorage<Trace>; export: SpanExport | null };

// The Node server and the Remix build are two bundles, each with its own copy of this module: the server
// takes the request's trace up, the build's backend clients carry it on. One store for the process lets
// both see the same trace.
const STATE_KEY = Symbol.for("referral-portal.trace-context");
const state: TraceState = ((globalThis as Record<symbol, TraceState | undefined>)[STATE_KEY] ??= {
  requests: new AsyncLocalStorage<Trace>(),
  export: null,
});

export function exportSpansWith(spanExport: SpanExport | null) {
  state.export = spanExport;
}

function parentOf(traceparent: string | undefined): SpanIds | null {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  if (match === null || ALL_ZEROS.test(match[1]) || ALL_ZEROS.test(match[2])) return null;
  return { traceId: match[1], spanId: match[2], flags: match[3] };
}

/** The trace a request belongs to: the balancer's where its `traceparent` is valid, else a new one; a span of the portal's own. */
export function traceOf(traceparent: string | undefined, name = "request"): Trace {
  const parent = parentOf(traceparent);
  if (state.export) {
    const span = state.export.serverSpan(parent, name);
    return { ...span.ids, span };
  }
  return {
    traceId: parent?.traceId ?? randomBytes(16).toString("hex"),
    spanId: randomBytes(8).toString("hex"),
    flags: parent?.flags ?? "00",
  };
}

export function runInTrace<T>(trace: Trace, run: () => T): T {
  return state.requests.run(trace, run);
}

export function currentTrace(): Trace | undefined {
  return state.requests.getStore();
}

function traceparentOf({ traceId, spanId, flags }: SpanIds) {
  return { traceparent: `00-${traceId}-${spanId}-${flags}` };
}

type Attributes = SpanEnd["attributes"];

/**
 * A call to a backend or the CMS made now (`run` sends it with the headers given), carrying this request's
 * trace; where spans are exported, as a client span of its own (the call's parent in the backend's trace)
 * that ends with the reply's status, or the error.
 */
export async function tracedCall<T>(
  name: string,
  attributes: Attributes,
  run: (headers: Record<string, string>) => Promise<T>,
  statusOf: (reply: T) => number,
): Promise<T> {
  const trace = state.requests.getStore();
  const span = trace?.span?.child(name);
  const headers = span ? traceparentOf(span.ids) : trace ? traceparentOf(trace) : {};
  try {
    const reply = await run(headers);
    const status = statusOf(reply);
    span?.end({ attributes: { ...attributes, "http.response.status_code": status }, failed: status >= 500 });
    return reply;
  } catch (error) {
    span?.end({ attributes: { ...attributes, "error.type": (error as Error).name }, failed: true });
    throw error;
  }
}
