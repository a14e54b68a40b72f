import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { startMaintenanceWorker } from '../../workers';
import { PURGE_QUEUE, UPLOAD_CLEANUP_QUEUE } from '../../jobs/queues';
import { purgeExpired } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
const query = async (sql: string, params: unknown[] = []) => (await server.deps.database.pool.query(sql, params)).rows;
const column = async (sql: string) => (await query(sql)).map((r) => Object.values(r)[0] as string).sort();

describe('the purge job', () => {
  it('removes expired and revoked tokens, used or expired codes, ended counters, week-old outbox lines and old nonces, and keeps the rest', async () => {
    await query(`insert into tokens (token_hash, kind, device_id, expires_at, revoked_at) values
      ('\\x01', 'anonymous', 'expired', now() - interval '1 minute', null),
      ('\\x02', 'anonymous', 'revoked', now() + interval '1 day', now()),
      ('\\x03', 'anonymous', 'live', now() + interval '1 day', null)`);
    await query(`insert into sms_codes (phone, purpose, code_hash, ip, expires_at, consumed_at) values
      ('used', 'login', '\\x01', '127.0.0.1', now() + interval '5 minutes', now()),
      ('expired', 'login', '\\x02', '127.0.0.1', now() - interval '1 second', null),
      ('live', 'login', '\\x03', '127.0.0.1', now() + interval '5 minutes', null)`);
    await query(`insert into rate_limits (key, points, expire) values ('ended', 1, $1), ('running', 1, $2), ('forever', 1, null)`, [
      Date.now() - 1000,
      Date.now() + 60_000,
    ]);
    await query(`insert into sms_outbox (phone, purpose, code, sent_at) values
      ('old', 'login', '111111', now() - interval '8 days'), ('recent', 'login', '222222', now() - interval '6 days')`);
    await query(`insert into channel_nonces (channel, nonce, created_at) values
      ('sim', 'old-nonce', now() - interval '11 minutes'), ('sim', 'new-nonce', now())`);

    const purged = await purgeExpired(server.deps);

    expect(purged).toMatchObject({ tokens: 2, smsCodes: 2, outbox: 1 });
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await column(`select device_id from tokens`)).toEqual(['live']);
    expect(await column(`select phone from sms_codes`)).toEqual(['live']);
    expect(await column(`select key from rate_limits where key in ('ended', 'running', 'forever')`)).toEqual(['forever', 'running']);
    expect(await column(`select phone from sms_outbox`)).toEqual(['recent']);
    expect(await column(`select nonce from channel_nonces`)).toEqual(['new-nonce']);
  });

  it('runs on pg-boss schedules, the purge and the upload cleanup each hourly', async () => {
    const worker = await createTestServer({ database: server.deps.database, payoutWorker: true });
    await startMaintenanceWorker(worker.deps);
    const schedules = await worker.deps.jobs.boss.getSchedules();
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s.cron]));
    expect(byName[PURGE_QUEUE]).toMatch(/^\d+ \* \* \* \*$/);
    expect(byName[UPLOAD_CLEANUP_QUEUE]).toMatch(/^\d+ \* \* \* \*$/);
  });
});
