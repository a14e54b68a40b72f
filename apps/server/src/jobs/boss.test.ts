import { once } from 'node:events';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { createJobs } from './boss';
import { MERCHANT_CALLBACK_QUEUE, PAYOUT_QUEUE, PAYOUT_SWEEP_QUEUE } from './queues';

const { database } = await createTestDatabase();

/** The database pool, except that pg-boss's fetch of the payout queue waits for `release`. */
function poolHoldingFetch() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const fetchHeld = new Promise<void>((resolve) => (held = resolve));
  const pool = {
    async query(text: string, values?: unknown[]) {
      if (text.includes('FOR UPDATE SKIP LOCKED') && values?.[0] === PAYOUT_QUEUE) {
        held();
        await released;
      }
      return database.pool.query(text, values);
    },
    connect: () => database.pool.connect(),
  } as unknown as pg.Pool;
  return { pool, fetchHeld, release };
}

describe('stopping the job workers', () => {
  it('waits for a fetch in flight at the stop, runs the jobs it returns and records them complete before answering', async () => {
    const { pool, fetchHeld, release } = poolHoldingFetch();
    const jobs = createJobs(pool);
    await jobs.start();
    await jobs.send(PAYOUT_QUEUE, { withdrawalId: 1 });
    const ran: string[] = [];
    await jobs.work(PAYOUT_QUEUE, { pollingIntervalSeconds: 0.5 }, async (batch) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ran.push(...batch.map((job) => job.id));
    });
    await fetchHeld;

    // pg-boss's own graceful stop sees no job held by a worker and finishes: it says so with 'stopped'.
    const bossStopped = once(jobs.boss, 'stopped');
    let stopped = false;
    const stopping = jobs.stop({ timeoutMs: 20_000 }).then(() => (stopped = true));
    await bossStopped;
    // Lets everything already resolved after pg-boss's stop run to its end (a macrotask comes after every microtask).
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(ran).toHaveLength(1);
    const { rows } = await database.pool.query<{ state: string }>('select state from pgboss.job where name = $1', [PAYOUT_QUEUE]);
    expect(rows.map((row) => row.state)).toEqual(['completed']);
  });
});

describe('a sweep sent on a timer', () => {
  it('replaces the cron schedule, makes one job per interval whichever workers send it, and sends nothing once stopped', async () => {
    const workers = [createJobs(database.pool), createJobs(database.pool)];
    for (const jobs of workers) await jobs.start();
    await workers[0]!.boss.schedule(PAYOUT_SWEEP_QUEUE, '* * * * *'); // as earlier versions ran the sweep
    // Only the timers are driven by the test; pg-boss and the database keep the real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sends = workers.map((jobs) => vi.spyOn(jobs.boss, 'send'));
      const intervalSeconds = 3600;
      for (const jobs of workers) await jobs.sendEvery(PAYOUT_SWEEP_QUEUE, intervalSeconds);
      expect((await workers[0]!.boss.getSchedules()).map((s) => s.name)).not.toContain(PAYOUT_SWEEP_QUEUE);

      for (let tick = 0; tick < 3; tick += 1) vi.advanceTimersByTime(intervalSeconds * 1000);
      const sent = sends.flatMap((spy) => spy.mock.results.map((r) => r.value));
      expect(sent).toHaveLength(6);
      await Promise.all(sent);
      const { rows } = await database.pool.query<{ slot: Date }>('select singleton_on as slot from pgboss.job where name = $1', [
        PAYOUT_SWEEP_QUEUE,
      ]);
      // Six sends within the same hour-long slot: one job (two, were the hour to turn during the test).
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(2);
      expect(new Set(rows.map((r) => r.slot.getTime())).size).toBe(rows.length);

      for (const jobs of workers) await jobs.stop();
      vi.advanceTimersByTime(10 * intervalSeconds * 1000);
      expect(sends.flatMap((spy) => spy.mock.calls)).toHaveLength(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a job sent unless one waits', () => {
  it('is sent for each id with no job waiting or due for a retry; a running or finished job does not count, and a rolled-back send leaves none', async () => {
    const jobs = createJobs(database.pool);
    await jobs.start();
    const queue = MERCHANT_CALLBACK_QUEUE;
    // Ordered by id, then by state in pg-boss's order: created, retry, active, completed.
    const queuedJobs = async () =>
      (
        await database.pool.query<{ id: string; state: string }>(
          `select data->>'merchantOrderId' as id, state from pgboss.job where name = $1 order by 1, 2`,
          [queue],
        )
      ).rows.map((r) => `${r.id} ${r.state}`);
    for (const id of [2, 3, 4, 5]) await jobs.send(queue, { merchantOrderId: id });
    await database.pool.query(`update pgboss.job set state = 'retry' where name = $1 and data->>'merchantOrderId' = '3'`, [queue]);
    await database.pool.query(`update pgboss.job set state = 'completed' where name = $1 and data->>'merchantOrderId' = '5'`, [queue]);
    await database.pool.query(`update pgboss.job set state = 'active' where name = $1 and data->>'merchantOrderId' = '4'`, [queue]);
    // Another key's job with the same number is another thing's.
    await jobs.send(queue, { deliveryId: 1 });

    expect(await jobs.sendUnlessWaiting(queue, 'merchantOrderId', [1, 2, 3, 4, 5])).toEqual([1, 4, 5]);
    expect(await jobs.sendUnlessWaiting(queue, 'merchantOrderId', [1, 2, 3, 4, 5])).toEqual([]);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await jobs.sendUnlessWaiting(queue, 'merchantOrderId', [6], { tx, startAfterSeconds: 60, priority: -1 })).toEqual([6]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queuedJobs()).toEqual([
      '1 created',
      '2 created',
      '3 retry',
      '4 created',
      '4 active',
      '5 created',
      '5 completed',
      'null created',
    ]);
    await jobs.stop();
  });
});
