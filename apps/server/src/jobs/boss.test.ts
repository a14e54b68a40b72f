import { once } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { createJobs, PAYOUT_QUEUE } from './boss';

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
