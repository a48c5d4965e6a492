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

/** Redis answers a healthy command within a millisecond or two: one slower than this is a miss, not yet an outage. */
const OPERATION_DEADLINE_MS = 250;
/**
 * An operation that missed its deadline, or met a lost connection, has this long from its start to be
 * answered after all: by its reply still on the way, or by the new primary once the connection is ready
 * again (a Sentinel failover's seconds). Only near an outage's start: later its fallback answers at once.
 */
const RESCUE_MS = 1_500;
/** How long after an outage began a failing operation is still rescued: a failover promotes a replica within it. */
const FAILOVER_WINDOW_MS = 10_000;
/** Misses in a row before an operation counts as failing; a refusal by Redis, or a lost connection, counts at once. */
const MISSES_TO_DEGRADE = 3;
/** Successes in a row before a failing operation counts as working again (no flapping on a busy machine). */
const SUCCESSES_TO_RECOVER = 3;
/** ioredis's own limit, a backstop only: the deadline above decides. */
const COMMAND_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;
/** At most one warning of each kind in this time, however many requests meet the outage. */
export const WARNING_INTERVAL_MS = 60_000;
/** While some operation fails, Redis is asked this often whether it works again, traffic or not. */
const PROBE_INTERVAL_MS = 1_000;
const PROBE_KEY = "rp:probe";
/** With Sentinel, a write counts once a replica has it (WAIT): else a failover would lose it with the old primary. */
const REPLICA_ACK_MS = 100;
/** How often the primary's replicas are counted (INFO replication): a primary left alone is not waited on. */
const REPLICAS_COUNTED_EVERY_MS = 5_000;

export type Operation = "read" | "write";

export type SharedStateHealth = {
  store: "memory" | "redis";
  /** Redis fails some operations now: the state they keep is this instance's own meanwhile. */
  degraded: boolean;
  failing: Operation[];
  /** With Sentinel: whether the primary has a replica that writes wait for, or none (a failover now would lose them). */
  writes?: "replicated" | "unreplicated";
};

export type SharedState = {
  /** The connection, or null in memory mode. */
  redis: Redis | null;
  /**
   * Runs `operation` on Redis; when Redis fails it, runs `fallback` instead. In memory mode, always
   * `fallback`. A write (the default) counts, with Sentinel, once a replica has it.
   */
  attempt<T>(operation: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>, kind?: Operation): Promise<T>;
  /**
   * Since when Redis has failed `kind` (epoch ms), or null while it works: what this instance learnt
   * since then it knows alone, and what it learnt before then may be out of date.
   */
  failingSince(kind: Operation): number | null;
  /** Called each time a write works again after writes failed, or Redis connects again (to write what was kept meanwhile). */
  onRecovery(listener: () => void): void;
  health(): SharedStateHealth;
  /** Resolves once Redis is ready, or after `timeoutMs` (the portal starts either way). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

class DeadlinePassed extends Error {}
class NotReplicated extends Error {}

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
    const timer = setTimeout(() => setImmediate(() => settled || reject(new DeadlinePassed(`redis did not answer within ${ms} ms`))), ms);
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

/** How an operation failed: a miss (too slow) counts in a window; a refusal or a lost connection at once. */
type Failure = "miss" | "definite";

/**
 * Which operations fail now, judged over a window with hysteresis: an operation counts as failing after
 * MISSES_TO_DEGRADE misses in a row (or one definite failure), and as working again after
 * SUCCESSES_TO_RECOVER successes in a row. At most one warning and one recovery line per kind a minute.
 */
function createOutageJudge({ logger, onFailure }: Observers) {
  const fresh = () => ({ failing: false, misses: 0, successes: 0, since: null as number | null });
  const judged = { read: fresh(), write: fresh() };
  const lastLogged = new Map<string, number>();
  const failuresSinceWarning = { read: 0, write: 0 };
  /** Whether a line of `kind` may be logged now (one a minute each): noted as logged when it may. */
  const mayLog = (kind: string) => {
    if (Date.now() - (lastLogged.get(kind) ?? -Infinity) < WARNING_INTERVAL_MS) return false;
    lastLogged.set(kind, Date.now());
    return true;
  };
  const failing = () => (["read", "write"] as const).filter((kind) => judged[kind].failing);

  return {
    failing,
    failingSince: (kind: Operation) => (judged[kind].failing || judged[kind].misses > 0 ? judged[kind].since : null),
    failed(operations: Operation[], failure: Failure, error: unknown) {
      for (const operation of operations) {
        const state = judged[operation];
        onFailure?.(operation);
        failuresSinceWarning[operation]++;
        state.since ??= Date.now();
        state.successes = 0;
        state.misses++;
        if (failure === "definite" || state.misses >= MISSES_TO_DEGRADE) state.failing = true;
      }
      const due = operations.filter((operation) => judged[operation].failing && mayLog(`unavailable ${operation}`));
      if (due.length === 0) return;
      logger.warn(
        { reason: (error as Error)?.message, failing: failing(), failures: due.reduce((sum, kind) => sum + failuresSinceWarning[kind], 0) },
        `redis unavailable for ${due.join(" and ")}: the shared state they keep falls back to this instance's memory until they work again (an account's login tries to a much smaller budget of its own)`,
      );
      for (const kind of due) failuresSinceWarning[kind] = 0;
    },
    /** Whether `operation` counts as working again with this success, after it had been failing. */
    worked(operation: Operation) {
      const state = judged[operation];
      state.misses = 0;
      if (!state.failing) {
        state.since = null;
        return false;
      }
      if (++state.successes < SUCCESSES_TO_RECOVER) return false;
      judged[operation] = fresh();
      if (mayLog(`answers ${operation}`))
        logger.info({ operation }, `redis answers ${operation}s again: the shared state they keep is shared again`);
      return true;
    },
  };
}

/** A Redis reply that refuses (a full Redis, a read-only replica): Redis is there and said no, or is mid-failover. */
const refusedByRedis = (error: unknown) => error instanceof Error && error.name === "ReplyError";
const readOnlyReplica = (error: unknown) => error instanceof Error && /READONLY/.test(error.message);

export function createSharedState({ redis: target, ...observers }: Observers & { redis?: RedisTarget }): SharedState {
  if (!target) {
    return {
      redis: null,
      attempt: async (_operation, fallback) => fallback(),
      failingSince: () => null,
      onRecovery() {},
      health: () => ({ store: "memory", degraded: false, failing: [] }),
      ready: async () => {},
      close: async () => {},
    };
  }
  const redis = connect(target);
  const sentinel = !("url" in target);
  const judge = createOutageJudge(observers);
  const replicas = countReplicas(redis, sentinel);
  const recoveryListeners: (() => void)[] = [];
  const recovered = () => recoveryListeners.forEach((listener) => listener());
  redis.on("error", (error) => judge.failed(["read", "write"], "definite", error));
  redis.on("ready", () => {
    void replicas.count();
    recovered();
  });

  /**
   * A write, where Sentinel may fail over: done once a replica has it too. A primary without any replica
   * (the others down, or just promoted) has nothing to fail over to: its writes are not waited on.
   */
  async function durably<T>(operation: Promise<T>): Promise<T> {
    const result = await operation;
    if (!sentinel || replicas.known === 0 || Number(await redis.call("WAIT", "1", String(REPLICA_ACK_MS))) >= 1) return result;
    if ((await replicas.count()) > 0) throw new NotReplicated("no replica took the write in time");
    return result;
  }

  /** A replicated write is two round trips (the write and WAIT), and the wait itself. */
  const deadlineOf = (kind: Operation) =>
    kind === "write" && sentinel ? 2 * OPERATION_DEADLINE_MS + REPLICA_ACK_MS : OPERATION_DEADLINE_MS;
  const run = <T>(operation: (client: Redis) => Promise<T>, kind: Operation) =>
    kind === "write" ? durably(operation(redis)) : operation(redis);

  /** Near an outage's start, a failed operation is given until RESCUE_MS after its start: its late reply, or the new primary. */
  async function rescued<T>(
    operation: (client: Redis) => Promise<T>,
    kind: Operation,
    pending: Promise<T>,
    error: unknown,
    startedAt: number,
  ) {
    const since = judge.failingSince(kind);
    const left = startedAt + RESCUE_MS - Date.now();
    if (left <= 0 || (since !== null && Date.now() - since > FAILOVER_WINDOW_MS)) throw error;
    if (error instanceof DeadlinePassed) return withinDeadline(pending, left);
    // A lost connection, or a primary turned replica (READONLY, which reconnects): the new primary may answer.
    if (error instanceof NotReplicated || (refusedByRedis(error) && !readOnlyReplica(error))) throw error;
    if (!(await readyWithin(redis, left))) throw error;
    return withinDeadline(run(operation, kind), Math.max(startedAt + RESCUE_MS - Date.now(), deadlineOf(kind)));
  }

  async function attempt<T>(operation: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>, kind: Operation = "write") {
    const startedAt = Date.now();
    const pending = run(operation, kind);
    let result: T;
    try {
      result = await withinDeadline(pending, deadlineOf(kind)).catch((error: unknown) =>
        rescued(operation, kind, pending, error, startedAt),
      );
    } catch (error) {
      judge.failed([kind], error instanceof DeadlinePassed ? "miss" : "definite", error);
      return fallback();
    }
    if (judge.worked(kind) && kind === "write") recovered();
    return result;
  }
  const probes = probeWhileFailing(judge, () =>
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
    failingSince: judge.failingSince,
    onRecovery(listener) {
      recoveryListeners.push(listener);
    },
    health() {
      const failing = judge.failing();
      const writes = sentinel ? { writes: replicas.known === 0 ? ("unreplicated" as const) : ("replicated" as const) } : {};
      return { store: "redis", degraded: failing.length > 0 || redis.status !== "ready", failing, ...writes };
    },
    async ready(timeoutMs = 2_000) {
      await readyWithin(redis, timeoutMs);
    },
    async close() {
      probes.stop();
      replicas.stop();
      redis.disconnect();
    },
  };
}

/** Whether the connection is ready, now or within `ms` (one that says ready on a socket already closed is not). */
function readyWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === "ready" && redis.stream?.writable) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const done = (ready: boolean) => () => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = done(true);
    const timer = setTimeout(done(false), ms);
    redis.once("ready", onReady);
  });
}

/** The primary's replicas as `INFO replication` counts them, asked on a timer and whenever WAIT found none (Sentinel only). */
function countReplicas(redis: Redis, sentinel: boolean) {
  let known: number | null = null;
  const count = async () => {
    const info = await redis.info("replication").catch(() => null);
    const connected = info === null ? null : /^connected_slaves:(\d+)/m.exec(info);
    if (connected) known = Number(connected[1]);
    return known ?? 1;
  };
  const timer = sentinel ? setInterval(() => void count(), REPLICAS_COUNTED_EVERY_MS) : null;
  timer?.unref();
  return {
    /** The last count, or null before the first. */
    get known() {
      return known;
    },
    count,
    stop: () => timer && clearInterval(timer),
  };
}

/** Asks Redis on a timer, while some operation fails, so that an idle instance learns of the recovery too. */
function probeWhileFailing(judge: { failing(): Operation[] }, probe: () => Promise<unknown>) {
  let probing = false;
  const timer = setInterval(() => {
    if (probing || judge.failing().length === 0) return;
    probing = true;
    void probe().finally(() => (probing = false));
  }, PROBE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
