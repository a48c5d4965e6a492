// A deadline for a piece of work (a legacy call with its retries), ended with the work. Unlike
// AbortSignal.timeout, whose timer lives for the whole timeout whatever happens to the work, this
// timer goes when the work ends: at a few hundred calls a second, timers kept for seconds were most of
// what a request left behind for the garbage collector's old generation (issue 39, decision 060).
/**
 * The work's answer, or `late()`'s error once the instant `at` has passed. The work itself goes on: others
 * may wait for it too (a read every request of a tenant shares).
 */
export async function byDeadline<T>(at: number, work: Promise<T>, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(0, at - Date.now()));
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The work's answer, or `fallback` once the instant `at` has passed (none: the work's answer whenever it comes). */
export async function orByDeadline<T>(at: number | undefined, work: Promise<T>, fallback: T): Promise<T> {
  if (at === undefined) return work;
  const late = new Error("past the deadline");
  try {
    return await byDeadline(at, work, () => late);
  } catch (error) {
    if (error === late) return fallback;
    throw error;
  }
}

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
