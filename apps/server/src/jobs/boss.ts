/**
 * Background jobs: pg-boss on our own database and connection pool. A job that must exist if
 * and only if a business change commits is sent inside that change's transaction (`tx`).
 */
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Tx } from '../db/client';
import { QUEUES } from './queues';

/** Held while a process creates our queues; any number unused by other advisory locks here. */
const QUEUE_SETUP_LOCK = 7_314_592_002;

interface SendOptions {
  tx?: Tx;
  startAfterSeconds?: number;
  priority?: number;
}

export interface Jobs {
  readonly boss: PgBoss;
  /** Installs pg-boss's tables and our queues; with `worker`, also runs its maintenance and schedules. */
  start(options?: { worker?: boolean }): Promise<void>;
  /** Finishes the jobs running in this process (at most `timeoutMs`) and stops taking new ones. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Started and not stopping: this process takes and runs jobs. */
  running(): boolean;
  /** Runs `handler` on the queue's jobs in this process; `stop` waits for every run it started. */
  work<T = unknown>(queue: string, options: PgBoss.WorkOptions, handler: (jobs: PgBoss.Job<T>[]) => Promise<unknown>): Promise<void>;
  /** `priority`: among jobs due, higher first (0 unless given), then oldest first. */
  send(queue: string, data: object, options?: SendOptions): Promise<void>;
  /**
   * Sends the queue's job `{ [key]: id }` for each of `ids` that has none waiting to run (created, or
   * failed and to be retried, however late), with `send`'s options; answers the ids it sent for. The one
   * way a follow-up or a sweep queues work that may be queued already: a queue running behind keeps
   * one job per thing, not a copy per sweep. A job running now does not count, so a sweep still finds
   * the work of a process killed holding its job.
   */
  sendUnlessWaiting(queue: string, key: string, ids: readonly number[], options?: SendOptions): Promise<number[]>;
  /**
   * Sends the queue's job every `seconds` from this process until `stop`: the one way a sweep runs.
   * pg-boss's cron goes by the minute (and is looked at every 30 s), too coarse for a setting in
   * seconds, so a cron schedule of the queue (earlier versions made them) is removed. Every worker
   * process runs the timer; the job is throttled to one per `seconds` (pg-boss's singletonSeconds,
   * across processes), so more workers never mean more jobs.
   */
  sendEvery(queue: string, seconds: number): Promise<void>;
}

/**
 * pg-boss's SQL ($1, $2 …) run on a drizzle transaction, so the job commits with the business rows.
 * Each place a parameter appears is bound apart, so PostgreSQL types each by its own context (see `send`).
 */
function onTransaction(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const query: SQL = sql.empty();
      parts.forEach((part, i) => {
        // sql.param keeps arrays as one value (not a list) and null as a parameter, as pg would.
        query.append(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`);
      });
      return tx.execute(query);
    },
  };
}

/**
 * Counts what pg-boss still has going on our pool. Its graceful stop waits only for jobs a worker
 * already holds: a fetch in flight when it stops still hands its jobs to the handler afterwards,
 * and it marks jobs complete or failed without awaiting the query. Closing the pool under either
 * crashed the process ("Cannot use a pool after calling end on the pool") and left the fetched
 * jobs active until they expired.
 */
function activity() {
  let busy = 0;
  return {
    async around<T>(work: () => Promise<T>): Promise<T> {
      busy += 1;
      try {
        return await work();
      } finally {
        busy -= 1;
      }
    },
    /** Resolves once nothing is in flight (a handler starts in the same tick its fetch returns), or at the deadline. */
    async settled(deadline: number): Promise<void> {
      while (busy > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

export function createJobs(pool: pg.Pool): Jobs {
  const inFlight = activity();
  const db = { executeSql: (text: string, values?: unknown[]) => inFlight.around(() => pool.query(text, values)) };
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let running = false;
  const timers: NodeJS.Timeout[] = [];

  const start = async (options: { worker?: boolean } = {}) => {
    const worker = options.worker ?? false;
    boss = new PgBoss({ db, supervise: worker, schedule: worker, migrate: true });
    boss.on('error', () => undefined); // maintenance errors are retried by pg-boss itself
    await boss.start();
    // Instances starting together on a new database deadlocked creating the same queues (each
    // queue is a partition of pg-boss's job table), so they take turns on a lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
      for (const queue of QUEUES) {
        if (!(await boss.getQueue(queue))) {
          await boss.createQueue(queue, { name: queue, retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 });
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => undefined);
      client.release();
    }
    running = true;
  };

  const send: Jobs['send'] = async (queue, data, options = {}) => {
    if (!boss) throw new Error('jobs are not started');
    await boss.send(queue, data, {
      ...(options.tx ? { db: onTransaction(options.tx) } : {}),
      // As a time, not a number of seconds: pg-boss reads its one parameter as text in one place and
      // as a time in another, and `onTransaction` binds each place apart, so PostgreSQL would type
      // the seconds as a time and refuse them.
      ...(options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
  };

  return {
    get boss() {
      if (!boss) throw new Error('jobs are not started');
      return boss;
    },
    start: (options) => (starting ??= start(options)),
    async stop(options = {}) {
      running = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (!boss) return;
      const timeoutMs = options.timeoutMs ?? 30_000;
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
      await inFlight.settled(deadline);
    },
    running: () => running,
    async work(queue, options, handler) {
      if (!boss) throw new Error('jobs are not started');
      await boss.work(queue, options, (jobs) => inFlight.around(() => handler(jobs as never)));
    },
    send,
    async sendUnlessWaiting(queue, key, ids, options = {}) {
      if (ids.length === 0) return [];
      // pg-boss's own test for a job not yet taken (its fetch's, on the index job_i5), for every id at once.
      const text = `select distinct data->>$2::text as id from pgboss.job where name = $1 and state < 'active' and data->>$2::text = any($3::text[])`;
      const result = await (options.tx ? onTransaction(options.tx) : db).executeSql(text, [queue, key, ids.map(String)]);
      const waiting = new Set((result.rows as { id: string }[]).map((row) => Number(row.id)));
      const missing = ids.filter((id) => !waiting.has(id));
      for (const id of missing) await send(queue, { [key]: id }, options);
      return missing;
    },
    async sendEvery(queue, seconds) {
      if (!boss) throw new Error('jobs are not started');
      const started = boss;
      await started.unschedule(queue);
      const timer = setInterval(() => {
        // A send that fails (the database away for a moment) is the next tick's to make.
        if (running) started.send(queue, {}, { singletonSeconds: seconds }).catch((e: Error) => started.emit('error', e));
      }, seconds * 1000);
      timer.unref();
      timers.push(timer);
    },
  };
}
