// Random bytes for nonces and tokens, taken from a pool that the system's generator fills in bulk,
// as Node does for randomUUID: each `randomBytes` call costs 20 to 50 µs in a busy server (its
// per-call job is cold in the CPU's caches), and a page asks for two or three (docs/benchmarks.md).
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let next = POOL_BYTES;

/** `size` bytes (at most the pool's 4 KB) never handed out before, in a buffer of their own. */
export function randomBytes(size: number): Buffer {
  if (size > POOL_BYTES) throw new RangeError(`randomBytes takes at most ${POOL_BYTES} bytes`);
  if (next + size > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = Buffer.from(pool.subarray(next, next + size));
  next += size;
  return bytes;
}
