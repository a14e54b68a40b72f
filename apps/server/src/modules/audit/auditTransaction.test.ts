/**
 * The audit entry of an operator action commits with the change or not at all: a failure after the
 * change but before the commit undoes both. (A server killed between the change and its answer:
 * test/reliability/auditAfterKill.test.ts.)
 */
import { Code } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestServer } from '../../../test/harness';
import { adminCall, adminRaw, consoleServer } from '../../../test/console';
import type { AdminRole } from '../../db/schema';

const { database } = await createTestDatabase();
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

function settingsOf(foundation: Record<string, unknown>) {
  const { versionStamp: _, versionCode: __, ...settings } = foundation;
  return settings;
}
