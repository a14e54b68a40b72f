/**
 * The audit entry of an operator action commits with the change or not at all: a failure after the
 * change but before the commit undoes both, and a server killed between the change and its answer
 * leaves no committed change without its entry.
 */
import { Code } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, testConfig, type TestServer } from '../../../test/harness';
import { serverProcess, type ManagedProcess } from '../../../test/reliability/cluster';
import { adminCall, adminRaw, consoleServer } from '../../../test/console';
import { createAdmin } from '../operators';
import type { AdminRole } from '../../db/schema';

const { url, database } = await createTestDatabase();
const pool = database.pool;
let server: TestServer;
let ops: Record<AdminRole, string>;
let phone = 13500000000;
const nextPhone = () => String((phone += 1));

beforeAll(async () => {
  ({ server, ops } = await consoleServer({ database }));
});

async function newUserId(): Promise<number> {
  const token = await server.login(nextPhone());
  return (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo.id as number;
}

const auditRows = async (action: string, targetId?: string | number) =>
  (
    await pool.query<{ n: number }>('select count(*)::int as n from audit_log where action = $1 and ($2::text is null or target_id = $2)', [
      action,
      targetId === undefined ? null : String(targetId),
    ])
  ).rows[0]!.n;

const userStatus = async (id: number) =>
  (await pool.query<{ status: string }>('select status from users where id = $1', [id])).rows[0]!.status;

describe('an audit entry that cannot be written', () => {
  beforeAll(async () => {
    // Fails every audit insert, as a crash or a lost connection would after the change ran.
    await pool.query(`
      create function test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit insert refused by the test'; end $$;
      create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse_audit();
    `);
  });
  afterAll(async () => {
    await pool.query('drop trigger if exists test_refuse_audit on audit_log; drop function if exists test_refuse_audit()');
  });

  it('undoes a user freeze made in the same action', async () => {
    const userId = await newUserId();
    const res = await adminRaw(server, ops.support, 'POST', `/api/admin/users/${userId}/freeze`, { reason: 'test' });
    expect(res.json()).toMatchObject({ code: Code.Internal });
    expect(await userStatus(userId)).toBe('active');
  });

  it('undoes a balance adjustment: no ledger transfer, no balance', async () => {
    const userId = await newUserId();
    const res = await adminRaw(server, ops.finance, 'POST', `/api/admin/users/${userId}/adjust`, {
      amountFen: 500,
      reason: 'goodwill',
      idempotencyKey: 'audit-fails-1',
    });
    expect(res.json()).toMatchObject({ code: Code.Internal });
    const { rows } = await pool.query('select 1 from ledger_transfers where idempotency_key like $1', [`adjustment:${userId}:%`]);
    expect(rows).toHaveLength(0);
  });

  it('undoes a new announcement, a category and the site settings', async () => {
    const notice = await adminRaw(server, ops.support, 'POST', '/api/admin/content/notices', {
      title: 'never published',
      content: 'x',
      enabled: true,
    });
    expect(notice.json()).toMatchObject({ code: Code.Internal });
    expect((await pool.query("select 1 from notices where title = 'never published'")).rows).toHaveLength(0);

    const category = await adminRaw(server, ops.admin, 'POST', '/api/admin/categories', { name: 'never created' });
    expect(category.json()).toMatchObject({ code: Code.Internal });
    expect((await pool.query("select 1 from categories where name = 'never created'")).rows).toHaveLength(0);

    const before = (await adminCall(server, ops.support, 'GET', '/api/admin/content/foundation')).data;
    const saved = await adminRaw(server, ops.support, 'PUT', '/api/admin/content/foundation', {
      ...settingsOf(before),
      servicePhone: '400-999-9999',
    });
    expect(saved.json()).toMatchObject({ code: Code.Internal });
    expect((await adminCall(server, ops.support, 'GET', '/api/admin/content/foundation')).data.servicePhone).toBe(before.servicePhone);
  });
});

describe('an audit entry written with its change', () => {
  it('is there for every freeze that committed, with the target', async () => {
    const userId = await newUserId();
    expect((await adminCall(server, ops.support, 'POST', `/api/admin/users/${userId}/freeze`, { reason: 'test' })).code).toBe(200);
    expect(await userStatus(userId)).toBe('frozen');
    expect(await auditRows('user.freeze', userId)).toBe(1);
  });
});

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
      expect(await auditRows('user.freeze', id)).toBe(1);
    }
  }, 180_000);
});

function settingsOf(foundation: Record<string, unknown>) {
  const { versionStamp: _, versionCode: __, ...settings } = foundation;
  return settings;
}
