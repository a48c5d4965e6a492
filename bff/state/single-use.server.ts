// Things that work once across every instance (a kept-choices address): the first use claims the key
// in Redis, for as long as the thing could be used. While Redis cannot say (a failover, an outage)
// it is refused: Redis may hold a use on another instance. In memory mode this instance remembers its own uses.
import { LRUCache } from "lru-cache";
import type { SharedState } from "./shared-state.server";

/** Whether this is the first use of `key`: a function that says yes once per key, within `seconds`. */
export type FirstUse = (key: string) => Promise<boolean>;

export function createSingleUse(state: SharedState, name: string, seconds: number): FirstUse {
  const usedHere = new LRUCache<string, true>({ max: 100_000, ttl: seconds * 1000 });
  const here = (key: string) => {
    if (usedHere.has(key)) return false;
    usedHere.set(key, true);
    return true;
  };
  return (key) =>
    state.attempt(
      async (redis) => (await redis.set(`rp:${name}:${key}`, "1", "EX", seconds, "NX")) === "OK",
      () => (state.redis ? false : here(key)),
    );
}
