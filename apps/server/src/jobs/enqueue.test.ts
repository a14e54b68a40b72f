import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { createJobs } from './boss';
import { QUEUES } from './queues';

const { database } = await createTestDatabase();
const jobs = createJobs(database.pool);
await jobs.start();
afterAll(() => jobs.stop());

/** A queue made with none of our options, so every default of pg-boss's own is taken. */
const BARE_QUEUE = 'enqueue-bare';
await jobs.boss.createQueue(BARE_QUEUE);

/** pg-boss's job columns, as the version `maika_enqueue` copies (node_modules/pg-boss/src/plans.js `create`). */
const JOB_COLUMNS = [
  'id',
  'name',
  'priority',
  'data',
  'state',
  'retry_limit',
  'retry_count',
  'retry_delay',
  'retry_backoff',
  'start_after',
  'started_on',
  'singleton_key',
  'singleton_on',
  'expire_in',
  'created_on',
  'completed_on',
  'keep_until',
  'output',
  'dead_letter',
  'policy',
];

/** A job's row, every column, with what differs by its moment (id, times) made relative to its creation. */
async function jobRow(queue: string, marker: string) {
  const { rows } = await database.pool.query<{ job: Record<string, unknown> }>(
    `select to_jsonb(j) - array['id', 'created_on', 'start_after', 'keep_until']
       || jsonb_build_object('start_after', extract(epoch from start_after - created_on),
                             'keep_until', extract(epoch from keep_until - created_on)) as job
     from pgboss.job j where name = $1 and data->>'marker' = $2`,
    [queue, marker],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.job;
}

describe('maika_enqueue, the job a withdrawal queues in its own statement', () => {
  it('writes the row pg-boss send writes, column by column, for each of our queues and for one with no options', async () => {
    const { rows: columns } = await database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'pgboss' and table_name = 'job' order by ordinal_position`,
    );
    // A column pg-boss adds or drops is one maika_enqueue (migration 0031) does not know about.
    expect(columns.map((c) => c.column_name)).toEqual(JOB_COLUMNS);
    for (const queue of [...QUEUES, BARE_QUEUE]) {
      await database.db.transaction((tx) => jobs.send(queue, { marker: 'send' }, { tx }));
      await database.pool.query('select maika_enqueue($1, $2)', [queue, { marker: 'enqueue' }]);
      const sent = await jobRow(queue, 'send');
      const enqueued = await jobRow(queue, 'enqueue');
      expect({ ...enqueued, data: null }, queue).toEqual({ ...sent, data: null });
      expect(enqueued.data).toEqual({ marker: 'enqueue' });
    }
  });

  it('is tied to the pg-boss it copies: its version and its job insert are the ones it was written from', async () => {
    const require = createRequire(import.meta.url);
    const pkg = JSON.parse(readFileSync(require.resolve('pg-boss/package.json'), 'utf8')) as { version: string };
    // Upgrading pg-boss: compare plans.js `insertJob` and `create` with migration 0031's maika_enqueue, write a
    // migration that replaces it if they differ, then update these two lines.
    expect(pkg.version).toBe('10.4.2');
    const { rows } = await database.pool.query<{ version: number }>('select version from pgboss.version');
    expect(rows).toEqual([{ version: 24 }]);
  });
});
