// The state a security promise rests on, shared by every instance and kept across restarts
// (docs/security.md, several instances): in Redis when REDIS_URL (or REDIS_SENTINELS) is set, else in
// this process's memory. A Redis that is down, slow, full or read-only never fails a request: every
// operation names its fallback. Reads and writes are judged apart, since a Redis that refuses writes
// (full with noeviction, MISCONF, a read-only replica) still answers reads: a read that works says
// nothing of writes. While either fails the state is degraded (health(), /readyz, /metrics), one warning
// is logged per interval whatever the traffic, and the recovery once (docs/operations.md, "When Redis
// is down, slow or refuses writes").
import { Redis, type RedisOptions } from "ioredis";
import type { RedisTarget } from "../platform/config.server";
import type { Logger } from "../platform/logger.server";

/** Redis answers a healthy command within a millisecond or two; an operation slower than this counts as an outage. */
const OPERATION_DEADLINE_MS = 250;
/** ioredis's own limit, a backstop only: the deadline above decides. */
const COMMAND_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;
/** At most one warning in this time, however many requests meet the outage. */
export const WARNING_INTERVAL_MS = 60_000;
/** While some operation fails, Redis is asked this often whether it works again, traffic or not. */
const PROBE_INTERVAL_MS = 2_000;
const PROBE_KEY = "rp:probe";
/** With Sentinel, a write counts once a replica has it (WAIT): else a failover would lose it with the old primary. */
const REPLICA_ACK_MS = 100;

export type Operation = "read" | "write";

export type SharedStateHealth = {
  store: "memory" | "redis";
  /** Redis fails some operations now: the state they keep is this instance's own meanwhile. */
  degraded: boolean;
  failing: Operation[];
};

export type SharedState = {
  /** The connection, or null in memory mode. */
  redis: Redis | null;
  /**
   * Runs `operation` on Redis; when Redis fails it, runs `fallback` instead. In memory mode, always
   * `fallback`. A write (the default) counts, with Sentinel, once a replica has it.
   */
  attempt<T>(operation: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>, kind?: Operation): Promise<T>;
  /** Called each time a write works again after writes failed, or Redis connects again (to write what was kept meanwhile). */
  onRecovery(listener: () => void): void;
  health(): SharedStateHealth;
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

const CONNECTION: RedisOptions = {
  // Fail fast while disconnected instead of queueing: the fallback answers at once.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: CONNECT_TIMEOUT_MS,
  retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
};

function connect(target: RedisTarget) {
  if ("url" in target) return new Redis(target.url, CONNECTION);
  return new Redis({
    ...CONNECTION,
    sentinels: target.sentinels,
    name: target.name,
    password: target.password,
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
    // After a failover the old primary may come back as a replica: a connection that finds one asks the Sentinels again.
    reconnectOnError: (error) => /READONLY/.test(error.message),
  });
}

type Observers = { logger: Logger; onFailure?: (operation: Operation) => void };

/** Which operations fail now; one warning per interval, and one line when all work again. */
function createOutageLog({ logger, onFailure }: Observers) {
  const failing = new Set<Operation>();
  let lastWarnedAt = -Infinity;
  let failuresSinceWarning = 0;
  return {
    failing: () => [...failing].sort(),
    failed(operations: Operation[], error: unknown) {
      for (const operation of operations) {
        failing.add(operation);
        onFailure?.(operation);
      }
      failuresSinceWarning++;
      if (Date.now() - lastWarnedAt < WARNING_INTERVAL_MS) return;
      lastWarnedAt = Date.now();
      const which = [...failing].sort().join(" and ");
      logger.warn(
        { reason: (error as Error)?.message, failing: [...failing].sort(), failures: failuresSinceWarning },
        `redis unavailable for ${which}: the shared state they keep falls back to this instance's memory until they work again`,
      );
      failuresSinceWarning = 0;
    },
    /** Whether `operation` had been failing. */
    worked(operation: Operation) {
      if (!failing.delete(operation)) return false;
      if (failing.size === 0) {
        logger.info("redis answers again: shared state is shared again");
        // A later outage is warned of at once.
        lastWarnedAt = -Infinity;
      }
      return true;
    },
  };
}

export function createSharedState({ redis: target, ...observers }: Observers & { redis?: RedisTarget }): SharedState {
  if (!target) {
    return {
      redis: null,
      attempt: async (_operation, fallback) => fallback(),
      onRecovery() {},
      health: () => ({ store: "memory", degraded: false, failing: [] }),
      ready: async () => {},
      close: async () => {},
    };
  }
  const redis = connect(target);
  const replicated = !("url" in target);
  const outage = createOutageLog(observers);
  const recoveryListeners: (() => void)[] = [];
  const recovered = () => recoveryListeners.forEach((listener) => listener());
  redis.on("error", (error) => outage.failed(["read", "write"], error));
  redis.on("ready", recovered);

  /**
   * A write, where Sentinel may fail over: done once a replica has it too. A primary left without any
   * replica (the others down) has nothing to fail over to, and its writes count as they are.
   */
  async function durably<T>(operation: Promise<T>): Promise<T> {
    const result = await operation;
    if (!replicated || Number(await redis.call("WAIT", "1", String(REPLICA_ACK_MS))) >= 1) return result;
    const [, , replicas] = (await redis.role()) as [string, number, unknown[]];
    if (replicas.length > 0) throw new Error("no replica took the write in time");
    return result;
  }

  /** A replicated write is three round trips (the write, WAIT, and ROLE where WAIT found no replica), and the wait itself. */
  const deadlineOf = (kind: Operation) =>
    kind === "write" && replicated ? 2 * OPERATION_DEADLINE_MS + REPLICA_ACK_MS : OPERATION_DEADLINE_MS;

  async function attempt<T>(operation: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>, kind: Operation = "write") {
    try {
      const run = operation(redis);
      const result = await withinDeadline(kind === "write" ? durably(run) : run, deadlineOf(kind));
      if (outage.worked(kind) && kind === "write") recovered();
      return result;
    } catch (error) {
      outage.failed([kind], error);
      return fallback();
    }
  }
  const probes = probeWhileFailing(outage, () =>
    Promise.all([
      attempt(
        (client) => client.exists(PROBE_KEY),
        () => null,
        "read",
      ),
      attempt(
        (client) => client.set(PROBE_KEY, "1", "EX", 60),
        () => null,
        "write",
      ),
    ]),
  );

  return {
    redis,
    attempt,
    onRecovery(listener) {
      recoveryListeners.push(listener);
    },
    health() {
      const failing = outage.failing();
      return { store: "redis", degraded: failing.length > 0 || redis.status !== "ready", failing };
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
      probes.stop();
      redis.disconnect();
    },
  };
}

/** Asks Redis on a timer, while some operation fails, so that an idle instance learns of the recovery too. */
function probeWhileFailing(outage: { failing(): Operation[] }, probe: () => Promise<unknown>) {
  let probing = false;
  const timer = setInterval(() => {
    if (probing || outage.failing().length === 0) return;
    probing = true;
    void probe().finally(() => (probing = false));
  }, PROBE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
