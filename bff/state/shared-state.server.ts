// The state a security promise rests on, shared by every instance and kept across restarts
// (docs/security.md, several instances): in Redis when REDIS_URL is set, else in this process's memory.
// A Redis that is down or slow never fails a request: every operation names its fallback, the
// first failure of an outage logs one warning, and the first success after it logs the recovery
// (README: the Redis outage policy).
import { Redis } from "ioredis";
import type { Logger } from "../platform/logger.server";

/** Redis answers a healthy command within a millisecond or two; an operation slower than this counts as an outage. */
const OPERATION_DEADLINE_MS = 250;
/** ioredis's own limit, a backstop only: the deadline above decides. */
const COMMAND_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

export type SharedState = {
  /** The connection, or null in memory mode. */
  redis: Redis | null;
  /** Runs `operation` on Redis; when Redis fails, runs `fallback` instead. In memory mode, always `fallback`. */
  attempt<T>(operation: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  /** Called once each time Redis answers again after an outage (to write what was kept meanwhile). */
  onRecovery(listener: () => void): void;
  /** Resolves once Redis is ready, or after `timeoutMs` (the portal starts either way). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * `operation`, or a rejection where it has not settled `ms` after it began. A timer that fires while
 * this process was busy (a burst of requests, a stalled event loop) waits one turn of the event loop
 * more, in which a reply that has arrived meanwhile is read: only Redis's slowness counts, not ours.
 * Else a burst would make each instance fall back to its own memory, and every budget shared by
 * the instances (a login's tries) would count per instance.
 */
function withinDeadline<T>(operation: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => setImmediate(() => settled || reject(new Error(`redis did not answer within ${ms} ms`))), ms);
    operation.then(
      (value) => {
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function createSharedState({ redisUrl, logger }: { redisUrl?: string; logger: Logger }): SharedState {
  if (!redisUrl) {
    return {
      redis: null,
      attempt: async (_operation, fallback) => fallback(),
      onRecovery() {},
      ready: async () => {},
      close: async () => {},
    };
  }
  const redis = new Redis(redisUrl, {
    // Fail fast while disconnected instead of queueing: the fallback answers at once.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
  const recoveryListeners: (() => void)[] = [];
  let outage = false;

  function failed(error: unknown) {
    if (outage) return;
    outage = true;
    logger.warn(
      { reason: (error as Error)?.message },
      "redis unavailable: shared state falls back to this instance's memory until it answers again",
    );
  }
  function answered() {
    if (!outage) return;
    outage = false;
    logger.info("redis answers again: shared state is shared again");
    for (const listener of recoveryListeners) listener();
  }
  redis.on("error", failed);
  redis.on("ready", answered);

  return {
    redis,
    async attempt(operation, fallback) {
      try {
        const result = await withinDeadline(operation(redis), OPERATION_DEADLINE_MS);
        answered();
        return result;
      } catch (error) {
        failed(error);
        return fallback();
      }
    },
    onRecovery(listener) {
      recoveryListeners.push(listener);
    },
    async ready(timeoutMs = 2_000) {
      if (redis.status === "ready") return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off("ready", done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        redis.once("ready", done);
      });
    },
    async close() {
      redis.disconnect();
    },
  };
}
