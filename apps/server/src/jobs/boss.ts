/**
 * Background jobs: pg-boss on our own database and connection pool. A job that must exist if
 * and only if a business change commits is sent inside that change's transaction (`tx`).
 */
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Tx } from '../db/client';
import { CARD_QUEUES } from './cardQueues';
import { MAINTENANCE_QUEUES } from './maintenanceQueues';

export const PAYOUT_QUEUE = 'payout';
export const PAYOUT_SWEEP_QUEUE = 'payout-sweep';

export interface Jobs {
  readonly boss: PgBoss;
  /** Installs pg-boss's tables and our queues; with `worker`, also runs its maintenance and schedules. */
  start(options?: { worker?: boolean }): Promise<void>;
  stop(): Promise<void>;
  send(queue: string, data: object, options?: { tx?: Tx; startAfterSeconds?: number }): Promise<void>;
}

/** pg-boss's SQL ($1, $2 …) run on a drizzle transaction, so the job commits with the business rows. */
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

export function createJobs(pool: pg.Pool): Jobs {
  const db = { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;

  const start = async (options: { worker?: boolean } = {}) => {
    const worker = options.worker ?? false;
    boss = new PgBoss({ db, supervise: worker, schedule: worker, migrate: true });
    boss.on('error', () => undefined); // maintenance errors are retried by pg-boss itself
    await boss.start();
    for (const queue of [PAYOUT_QUEUE, PAYOUT_SWEEP_QUEUE, ...CARD_QUEUES, ...MAINTENANCE_QUEUES]) {
      if (!(await boss.getQueue(queue))) {
        await boss.createQueue(queue, { name: queue, retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 }).catch(async (e: unknown) => {
          // Another instance created it at the same moment.
          if (!(await boss!.getQueue(queue))) throw e;
        });
      }
    }
  };

  return {
    get boss() {
      if (!boss) throw new Error('jobs are not started');
      return boss;
    },
    start: (options) => (starting ??= start(options)),
    async stop() {
      if (boss) await boss.stop({ graceful: true, close: false, wait: true });
    },
    async send(queue, data, options = {}) {
      if (!boss) throw new Error('jobs are not started');
      await boss.send(queue, data, {
        ...(options.tx ? { db: onTransaction(options.tx) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
  };
}
