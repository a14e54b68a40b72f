/**
 * An operator action's audit entry commits with its change: a server killed between the change and
 * its answer leaves no committed change without its entry, and the restarted server completes the
 * rest. (A failure inside the transaction: modules/audit/auditTransaction.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { auditActions, createAdmin } from '../console';
import { createTestDatabase, createTestServer, eventually, testConfig } from '../harness';
import { serverProcess, type ManagedProcess } from './cluster';

const { url, database } = await createTestDatabase();
const pool = database.pool;
const server = await createTestServer({ database, limitRules: { smsIpPerDay: 10_000 } });
let phone = 13500000000;

async function newUserId(): Promise<number> {
  const token = await server.login(String((phone += 1)));
  return (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo.id as number;
}

const userStatus = async (id: number) =>
  (await pool.query<{ status: string }>('select status from users where id = $1', [id])).rows[0]!.status;

describe('a server killed between the change and its answer', () => {
  let process_: ManagedProcess;
  afterAll(async () => {
    await process_?.kill();
    await pool.query('drop trigger if exists test_slow_audit on audit_log; drop function if exists test_slow_audit()');
  });

  it('leaves no committed change without its audit entry after the restart', async () => {
    const config = testConfig();
    process_ = await serverProcess('server', {
      DATABASE_URL: url,
      DATA_DIR: config.dataDir,
      APP_SECRET: config.appSecret,
      DATA_ENCRYPTION_KEY: config.dataEncryptionKey.toString('base64'),
      LOG_LEVEL: 'warn',
    });
    await process_.start();
    await createAdmin(server.deps, 'killtest', 'support', 'correct horse battery');
    const login = async () => {
      const res = await fetch(`${process_.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'killtest', password: 'correct horse battery' }),
      }).then((r) => r.json() as Promise<{ data: { token: string } }>);
      return res.data.token;
    };
    const freeze = (token: string, userId: number) =>
      fetch(`${process_.url}/api/admin/users/${userId}/freeze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ reason: 'test' }),
      }).then((r) => r.json() as Promise<{ code: number }>);

    const token = await login();
    const answered = [await newUserId(), await newUserId()];
    for (const id of answered) expect((await freeze(token, id)).code).toBe(200);

    // From here on each freeze's audit insert waits: the process is killed while they wait.
    await pool.query(`
      create function test_slow_audit() returns trigger language plpgsql as $$
      begin if new.action = 'user.freeze' then perform pg_sleep(600); end if; return new; end $$;
      create trigger test_slow_audit before insert on audit_log for each row execute function test_slow_audit();
    `);
    const inFlight = [await newUserId(), await newUserId(), await newUserId()];
    const pending = inFlight.map((id) => freeze(token, id).catch(() => null));
    await eventually(async () => {
      const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep'");
      return rows[0]!.n >= inFlight.length;
    });
    await process_.kill();
    expect(await Promise.all(pending)).toEqual(inFlight.map(() => null));
    // The dead server's connections end, as the database sees when it next talks to them: an open
    // transaction rolls back, a statement in progress is cut off.
    await pool.query("select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep'");
    await pool.query('drop trigger test_slow_audit on audit_log; drop function test_slow_audit()');

    await process_.start();
    const { rows: frozen } = await pool.query<{ id: number }>('select id from users where status = $1 and id = any($2::bigint[])', [
      'frozen',
      [...answered, ...inFlight],
    ]);
    const { rows: audited } = await pool.query<{ target_id: string }>("select target_id from audit_log where action = 'user.freeze'");
    const auditedIds = new Set(audited.map((r) => Number(r.target_id)));
    for (const { id } of frozen) expect(auditedIds.has(Number(id)), `user ${id} frozen without an audit entry`).toBe(true);
    expect(frozen.map((r) => Number(r.id)).sort()).toEqual(expect.arrayContaining(answered));

    // The restarted server freezes what the killed one did not, each with its entry.
    const again = await login();
    for (const id of inFlight) expect((await freeze(again, id)).code).toBe(200);
    for (const id of inFlight) {
      expect(await userStatus(id)).toBe('frozen');
      expect(await auditActions(server, 'user', id)).toEqual(['user.freeze']);
    }
  }, 180_000);
});
