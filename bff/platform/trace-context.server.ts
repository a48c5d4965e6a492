// W3C Trace Context (https://www.w3.org/TR/trace-context/): a request's `traceparent` from the balancer
// is taken up (a malformed one starts a new trace), its trace id goes into every log line written while
// the request is served, and every call to a backend or the CMS carries it on, with the portal's own
// span as the parent. Kept per request in AsyncLocalStorage, so no function passes it along.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZEROS = /^0+$/;

export type Trace = { traceId: string; spanId: string; flags: string };

const current = new AsyncLocalStorage<Trace>();

/** The trace a request belongs to: the balancer's where its `traceparent` is valid, else a new one; a span of the portal's own. */
export function traceOf(traceparent: string | undefined): Trace {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null;
  const valid = match !== null && !ALL_ZEROS.test(match[1]) && !ALL_ZEROS.test(match[2]);
  return {
    traceId: valid ? match[1] : randomBytes(16).toString("hex"),
    spanId: randomBytes(8).toString("hex"),
    flags: valid ? match[3] : "00",
  };
}

export function runInTrace<T>(trace: Trace, run: () => T): T {
  return current.run(trace, run);
}

export function currentTrace(): Trace | undefined {
  return current.getStore();
}

/** The header a call made now carries: this request's trace, the portal's span its parent; none outside a request. */
export function traceHeaders(): Record<string, string> {
  const trace = current.getStore();
  return trace ? { traceparent: `00-${trace.traceId}-${trace.spanId}-${trace.flags}` } : {};
}
