import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestDatabase, eventually } from '../../test/harness';
import type { Database } from '../db/client';
import { Listened } from './listener';

const CHANNEL = 'listener_test';

/** A Listened that counts what reaches its cache. */
function counted() {
  const seen = { notices: [] as string[], resets: 0 };
  const listened = new Listened(CHANNEL, 'test cache', {
    notice: (payload) => seen.notices.push(payload),
    reset: () => (seen.resets += 1),
  });
  return { listened, seen };
}

let database: Database;
let elsewhere: Database;
beforeAll(async () => {
  ({ database } = await createTestDatabase());
  ({ database: elsewhere } = await createTestDatabase());
});

describe('a cache listening for changes', () => {
  it('waits for its own marker, which no cache takes for a change, and then has every change sent before', async () => {
    const one = counted();
    const other = counted();
    const logs = captureLogs();
    const listening = [
      await one.listened.listen(database.pool.options, logs.logger),
      await other.listened.listen(database.pool.options, logs.logger),
    ];
    afterAll(() => Promise.all(listening.map((l) => l.stop())));
    expect(one.listened.listening && other.listened.listening).toBe(true);

    await database.pool.query('select pg_notify($1, $2)', [CHANNEL, 'banners']);
    await one.listened.heard(database.pool);
    expect(one.seen.notices).toEqual(['banners']);
    await other.listened.heard(database.pool);
    expect(other.seen.notices).toEqual(['banners']);
  });

  it('drops what it keeps and listens anew when its marker does not come back', async () => {
    const { listened, seen } = counted();
    const logs = captureLogs();
    const listening = await listened.listen(database.pool.options, logs.logger);
    afterAll(() => listening.stop());
    const resets = seen.resets;
    // Sent to another database, the marker never reaches this connection, as when notices stop arriving.
    await listened.heard(elsewhere.pool);
    expect(seen.resets).toBeGreaterThan(resets);
    expect(logs.text()).toContain('was not heard back');
    expect(await eventually(async () => listened.listening, { withinMs: 10_000 })).toBe(true);
    await listened.heard(database.pool);
  });
});
