// A deadline for a piece of work (a legacy call with its retries), ended with the work. Unlike
// AbortSignal.timeout, whose timer lives for the whole timeout whatever happens to the work, this
// timer goes when the work ends: at a few hundred calls a second, timers kept for seconds were most of
// what a request left behind for the garbage collector's old generation (issue 39, decision 060).
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException(`no answer within ${ms} ms`, "TimeoutError")), ms);
  // As AbortSignal.timeout's: the timer alone does not keep the process running.
  timer.unref();
  try {
    return await work(deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}
