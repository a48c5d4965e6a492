// How far V8 lets the old generation grow between full collections (decision 061).
import { setFlagsFromString } from "node:v8";

/**
 * Twice what outlived the last full collection. V8's own choice let it grow by about a third (58 MB,
 * then 80): a full collection every few seconds under load, each a pause of 10 to 20 ms, which made the
 * p99 at 200 requests a second. Set at the start, it holds however the server is started.
 */
export const HEAP_GROWTH_FLAG = "--heap-growing-percent=100";

export function letOldGenerationGrowTwice() {
  setFlagsFromString(HEAP_GROWTH_FLAG);
}
