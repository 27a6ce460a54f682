import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, DbExecutor } from '../db/client.ts';
import { afterCommit } from '../db/transaction.ts';
import { handleExecutor, transactionExecutor, type TSqlExecutor } from './sql-executor.ts';
import { cronMatches, parseCron, wallClock, type TCron, type TWallClock } from './cron.ts';
import { currentRequestId, runWithRequestId } from '../observability/request-context.ts';
import { jobRunFailures } from '../observability/job-metrics.ts';

/**
 * The payload field that carries the id of the request that enqueued a job (platform/observability):
 * the handler runs with it as its request id (its log lines say it, a mail it delivers too), and
 * never sees the field in its data.
 */
export const REQUEST_ID_FIELD = '_requestId';

/** `data` with the current request's id, when there is one. */
function withRequestId<TData extends object>(data: TData): TData {
  const requestId = currentRequestId();
  return requestId ? { ...data, [REQUEST_ID_FIELD]: requestId } : data;
}

/** The handler's data (without the request id) and the request id. */
function splitRequestId(data: object): { data: object; requestId: string | undefined } {
  if (!data || typeof data !== 'object' || !(REQUEST_ID_FIELD in data)) return { data, requestId: undefined };
  const { [REQUEST_ID_FIELD]: requestId, ...rest } = data as Record<string, unknown>;
  return { data: rest, requestId: typeof requestId === 'string' ? requestId : undefined };
}

/** The PostgreSQL schema of pg-boss's tables (job, archive, queue, schedule, version). */
export const JOBS_SCHEMA = 'pgboss';

export type TJobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
export const JOB_STATES: readonly TJobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

/** What a handler learns about the job it runs. */
export type TJobRun = {
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** Whether this is the last run pg-boss will make of it (its retries are spent). */
  lastAttempt: boolean;
};

export type TJobDefinition<TData extends object = Record<string, unknown>> = {
  /** Unique, dotted by module: 'mail.deliver', 'subscriptions.renew'. */
  name: string;
  /**
   * Runs one job. Resolving completes it (an object it answers is kept as the job's output);
   * throwing fails this run, which is retried while retries remain, then kept as 'failed' for the
   * operator's console. Handlers must be idempotent: a job whose process dies mid-run runs again.
   */
  handler(data: TData, run: TJobRun): Promise<unknown>;
  /** Retries after a failed run (default 3), waiting retryDelaySeconds (default 30), doubled each time with jitter unless retryBackoff is false. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run taking longer fails (and is retried); default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs of this name run at once in this process (default 1). */
  concurrency?: number;
  /** A cron schedule (5 fields, minute first) that enqueues this job; several processes enqueue it once. */
  schedule?: { cron: string; tz?: string; data?: TData };
};

export type TEnqueueOptions = {
  /** When it may run: a Date, or seconds from now. */
  startAfter?: Date | number;
  /**
   * Idempotency: one job per (name, key) for as long as the queue keeps that job (completed jobs
   * are kept for a day, failed ones for a week), so enqueuing twice runs once. The second call
   * answers null.
   */
  singletonKey?: string;
  /** Enqueue in this transaction (opened with transaction()): the job exists if it commits. */
  within?: DbExecutor;
};

export type TJobView = {
  id: string;
  name: string;
  state: TJobState;
  attempts: number;
  retryLimit: number;
  error: string | null;
  createdAt: Date;
  startAfter: Date;
  startedAt: Date | null;
  endedAt: Date | null;
};

type TMetaJob = PgBoss.JobWithMetadata<object>;
type TLog = {
  warn(details: Record<string, unknown>, message: string): void;
  error?(details: Record<string, unknown>, message: string): void;
};

export interface JobQueue {
  /** Declares a job and its handler; before or after start(). */
  register<TData extends object>(definition: TJobDefinition<TData>): void;
  /** Installs or upgrades the queue's tables, then runs every registered job's workers and schedules. */
  start(): Promise<void>;
  /** Enqueues a job; answers its id, or null when its singletonKey already has one. */
  send<TData extends object>(name: string, data: TData, options?: TEnqueueOptions): Promise<string | null>;
  /** Enqueues several jobs of one name in one statement (each with its own startAfter and singletonKey). */
  sendMany<TData extends object>(
    name: string,
    jobs: { data: TData; startAfter?: Date | number; singletonKey?: string }[],
    options?: { within?: DbExecutor },
  ): Promise<void>;
  /** Jobs in one state, the most recent first. */
  list(query: { state: TJobState; limit?: number }): Promise<TJobView[]>;
  /** One job by its id, or null (none, or archived). */
  find(id: string): Promise<TJobView | null>;
  /** Runs a failed job again (one more run): answers the job, or null when no failed job has this id. */
  retry(id: string, options?: { within?: DbExecutor }): Promise<{ id: string; name: string } | null>;
  /**
   * Enqueues every job whose schedule is due in the minute of `at` (the process's minute ticker calls
   * it): once per job and minute, however many processes or calls ask.
   */
  runSchedules(at: Date): Promise<void>;
  /** Resolves once no job of this name is due or running (tests, CLI); throws after timeoutMs. */
  settle(name: string, options?: { timeoutMs?: number }): Promise<void>;
  /** Stops taking jobs and lets running ones finish for up to timeoutMs; those still running then fail (and retry). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

const VIEW_COLUMNS = `id, name, state, retry_count, retry_limit, output->>'message' AS error,
  created_on, start_after, started_on, completed_on`;

function toView(row: Record<string, unknown>): TJobView {
  return {
    id: row.id as string,
    name: row.name as string,
    state: row.state as TJobState,
    // retry_count counts runs after the first; a job never started has none.
    attempts: row.started_on ? (row.retry_count as number) + 1 : 0,
    retryLimit: row.retry_limit as number,
    error: (row.error as string | null) ?? null,
    createdAt: new Date(row.created_on as string),
    startAfter: new Date(row.start_after as string),
    startedAt: row.started_on ? new Date(row.started_on as string) : null,
    endedAt: row.completed_on ? new Date(row.completed_on as string) : null,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

/** A job id derived from its name and singleton key, so the same key cannot be inserted twice. */
function singletonId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Shaped as a version 8 (custom) UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Background jobs on PostgreSQL (pg-boss) over the app's own database, PGlite or PostgreSQL: a job
 * is a row, claimed with FOR UPDATE SKIP LOCKED, so several server processes share the work and a
 * job survives a restart. This process polls for due jobs (no LISTEN/NOTIFY, which PGlite lacks)
 * and is woken at once for a job it enqueued itself.
 */
export function createJobQueue(
  database: DatabaseHandle,
  options: {
    log?: TLog;
    pollingIntervalSeconds?: number;
    /** false: this process only enqueues (a CLI): it runs no job and no schedule. */
    work?: boolean;
  } = {},
): JobQueue {
  const executor: TSqlExecutor = handleExecutor(database);
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: JOBS_SCHEMA,
    // Expiry, archiving and deletion of old jobs. Schedules are this module's own minute ticker
    // (cron.ts): pg-boss's check walks each schedule back to its previous time every 30 s, about half a
    // second of CPU for our schedules, during which the process answers no request.
    supervise: options.work ?? true,
    schedule: false,
    migrate: true,
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on('error', (error: Error) => options.log?.warn({ err: error.message }, 'jobs: the queue reported an error'));
  const pollMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const definitions = new Map<string, TJobDefinition<object>>();
  const prepared = new Map<string, Promise<void>>();
  const running = new Map<string, { name: string; done: Promise<void> }>();
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, Set<() => void>>();
  let started = false;
  let stopping = false;
  const crons = new Map<string, { cron: TCron; tz: string | undefined; data: object }>();
  let cronTimer: NodeJS.Timeout | undefined;
  /** The start of the last minute whose schedules were enqueued (epoch ms). */
  let cronChecked = 0;
  /** Creating queues one at a time: each attaches a partition to pg-boss's job table, and two at once deadlock. */
  let preparing: Promise<unknown> = Promise.resolve();

  const wake = (name: string) => {
    for (const resolve of wakers.get(name) ?? []) resolve();
  };
  /** Waits for the poll interval, or less when a job of this name is enqueued here. */
  function idle(name: string): Promise<void> {
    return new Promise((resolve) => {
      const set = wakers.get(name) ?? new Set();
      wakers.set(name, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      set.add(done);
    });
  }

  async function runJob(definition: TJobDefinition<object>, job: TMetaJob): Promise<void> {
    const run: TJobRun = {
      id: job.id,
      name: job.name,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const expireMs = (definition.expireInSeconds ?? 15 * 60) * 1000;
    let timer: NodeJS.Timeout | undefined;
    const { data, requestId } = splitRequestId(job.data);
    try {
      const output = await Promise.race([
        runWithRequestId(requestId, () => definition.handler(data, run)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the job ran longer than ${expireMs / 1000} s`)), expireMs);
        }),
      ]);
      await boss.complete(job.name, job.id, output && typeof output === 'object' ? (output as object) : undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      jobRunFailures.inc({ job: job.name, final: String(run.lastAttempt) });
      // The job's name and id only: a handler's error may name a person.
      options.log?.warn(
        { job: job.name, jobId: job.id, attempt: run.attempt, final: run.lastAttempt, requestId },
        run.lastAttempt ? 'jobs: a job failed for good' : 'jobs: a job failed, will retry',
      );
      await boss.fail(job.name, job.id, { message: message.slice(0, 1000) }).catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
  }

  async function workLoop(definition: TJobDefinition<object>): Promise<void> {
    while (!stopping) {
      let job: TMetaJob | undefined;
      try {
        [job] = await boss.fetch<object>(definition.name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        options.log?.warn(
          { job: definition.name, err: error instanceof Error ? error.message : String(error) },
          'jobs: could not fetch',
        );
      }
      if (!job) {
        if (!stopping) await idle(definition.name);
        continue;
      }
      const done = runJob(definition, job);
      running.set(job.id, { name: job.name, done });
      try {
        await done;
      } finally {
        running.delete(job.id);
      }
    }
  }

  function prepare(definition: TJobDefinition<object>): Promise<void> {
    let ready = prepared.get(definition.name);
    if (ready) return ready;
    ready = preparing.then(async () => {
      const queue = {
        name: definition.name,
        policy: 'standard' as const,
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 30,
        retryBackoff: definition.retryBackoff ?? true,
        expireInSeconds: (definition.expireInSeconds ?? 15 * 60) + 60,
      };
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
      else await boss.createQueue(definition.name, queue);
      if (options.work !== false)
        for (let i = 0; i < (definition.concurrency ?? 1); i++) loops.push(workLoop(definition));
    });
    preparing = ready.catch(() => undefined);
    prepared.set(definition.name, ready);
    return ready;
  }

  /** Wakes a second into each minute and enqueues what is due since the last check. */
  function scheduleTick(): void {
    if (stopping || crons.size === 0) return;
    const next = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE + 1000;
    cronTimer = setTimeout(() => {
      void (async () => {
        const now = Math.floor(Date.now() / MINUTE) * MINUTE;
        // A minute missed while the process was busy still runs; a longer gap (a suspended machine)
        // runs its last few minutes only.
        for (let minute = Math.max(cronChecked + MINUTE, now - 5 * MINUTE); minute <= now; minute += MINUTE) {
          if (stopping) return;
          try {
            await queue.runSchedules(new Date(minute));
          } catch (error) {
            options.log?.warn(
              { err: error instanceof Error ? error.message : String(error) },
              'jobs: could not enqueue the scheduled jobs',
            );
          }
          cronChecked = minute;
        }
      })().finally(scheduleTick);
    }, next - Date.now());
    cronTimer.unref();
  }

  const queue: JobQueue = {
    register(definition) {
      if (definitions.has(definition.name)) throw new Error(`jobs: ${definition.name} is registered twice`);
      if (definition.schedule) {
        const { cron, tz, data } = definition.schedule;
        if (tz) wallClock(new Date(), tz); // an unknown time zone throws here, at start, not at its hour
        crons.set(definition.name, { cron: parseCron(cron), tz, data: data ?? {} });
      }
      definitions.set(definition.name, definition as unknown as TJobDefinition<object>);
      if (started && !stopping)
        prepare(definition as unknown as TJobDefinition<object>).catch((error: Error) =>
          options.log?.warn({ job: definition.name, err: error.message }, 'jobs: could not prepare'),
        );
    },

    async start() {
      if (started) return;
      await boss.start();
      started = true;
      for (const definition of definitions.values()) await prepare(definition);
      if (options.work !== false) {
        cronChecked = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
        scheduleTick();
      }
    },

    async runSchedules(at) {
      const clocks = new Map<string, TWallClock>();
      const key = `cron@${new Date(Math.floor(at.getTime() / MINUTE) * MINUTE).toISOString()}`;
      for (const [name, { cron, tz, data }] of crons) {
        const zone = tz ?? 'UTC';
        let clock = clocks.get(zone);
        if (!clock) clocks.set(zone, (clock = wallClock(at, zone)));
        if (cronMatches(cron, clock)) await queue.send(name, data, { singletonKey: key });
      }
    },

    async send(name, data, sendOptions = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`jobs: no job is registered as ${name}`);
      if (!started) throw new Error('jobs: the queue is not started');
      await prepare(definition);
      const { within, startAfter, singletonKey } = sendOptions;
      const id = await boss.send(name, withRequestId(data), {
        ...(singletonKey ? { id: singletonId(name, singletonKey), singletonKey } : {}),
        ...(startAfter !== undefined ? { startAfter } : {}),
        ...(within ? { db: transactionExecutor(within) as PgBoss.Db } : {}),
      });
      // A job due now wakes this process's workers (once its transaction commits).
      const due =
        startAfter === undefined || (typeof startAfter === 'number' ? startAfter <= 0 : startAfter <= new Date());
      if (id && due) {
        if (within) afterCommit(within, () => wake(name));
        else wake(name);
      }
      return id;
    },

    async sendMany(name, items, sendOptions = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`jobs: no job is registered as ${name}`);
      if (!started) throw new Error('jobs: the queue is not started');
      if (items.length === 0) return;
      await prepare(definition);
      const { within } = sendOptions;
      await boss.insert(
        items.map(({ data, startAfter, singletonKey }) => ({
          name,
          data: withRequestId(data),
          ...(singletonKey ? { id: singletonId(name, singletonKey), singletonKey } : {}),
          ...(startAfter !== undefined
            ? { startAfter: startAfter instanceof Date ? startAfter.toISOString() : String(startAfter) }
            : {}),
        })),
        within ? { db: transactionExecutor(within) as PgBoss.Db } : {},
      );
      if (within) afterCommit(within, () => wake(name));
      else wake(name);
    },

    async list({ state, limit = 100 }) {
      const { rows } = await executor.executeSql(
        `SELECT ${VIEW_COLUMNS} FROM ${JOBS_SCHEMA}.job WHERE state = $1::${JOBS_SCHEMA}.job_state
          ORDER BY COALESCE(completed_on, started_on, created_on) DESC, id LIMIT $2`,
        [state, limit],
      );
      return (rows as Record<string, unknown>[]).map(toView);
    },

    async find(id) {
      const { rows } = await executor.executeSql(`SELECT ${VIEW_COLUMNS} FROM ${JOBS_SCHEMA}.job WHERE id = $1::uuid`, [
        id,
      ]);
      const [row] = rows as Record<string, unknown>[];
      return row ? toView(row) : null;
    },

    async retry(id, retryOptions = {}) {
      const run = retryOptions.within ? transactionExecutor(retryOptions.within) : executor;
      // Due now, one more run allowed: the job's own retries are spent.
      const { rows } = await run.executeSql(
        `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', retry_limit = retry_count + 1, start_after = now()
          WHERE id = $1::uuid AND state = 'failed' RETURNING id, name`,
        [id],
      );
      const [job] = rows as { id: string; name: string }[];
      if (!job) return null;
      if (retryOptions.within) afterCommit(retryOptions.within, () => wake(job.name));
      else wake(job.name);
      return job;
    },

    async settle(name, settleOptions = {}) {
      const deadline = Date.now() + (settleOptions.timeoutMs ?? 30_000);
      for (;;) {
        const { rows } = await executor.executeSql(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
            WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
          [name],
        );
        if ((rows as { n: number }[])[0]!.n === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs: ${name} did not settle in time`);
        wake(name);
        await sleep(50);
      }
    },

    async stop(stopOptions = {}) {
      if (stopping) return;
      stopping = true;
      clearTimeout(cronTimer);
      for (const name of wakers.keys()) wake(name);
      const timeoutMs = stopOptions.timeoutMs ?? 30_000;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([Promise.all(loops).then(() => 'done' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        // Still running: failed, so another process (or this one, restarted) runs them again.
        for (const [id, job] of running) {
          await boss.fail(job.name, id, { message: 'the server stopped while the job ran' }).catch(() => undefined);
          options.log?.warn({ job: job.name, jobId: id }, 'jobs: stopped while running, handed back to the queue');
        }
      }
      if (started) await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
  return queue;
}
