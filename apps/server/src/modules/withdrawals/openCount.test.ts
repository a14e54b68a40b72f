/**
 * The rule "at most WITHDRAWAL_MAX_OPEN withdrawals open at once" as migration 0036 counts it: the
 * user's withdrawals for which withdrawal_open() holds, read from their partial index. The function
 * writes the open statuses in SQL, so they are checked here against openWithdrawalStatuses
 * (src/db/withdrawalStatuses.ts), status by status, through a real creation.
 */
import { Code, withdrawalStatusTable, type WithdrawalStatus } from '@maika/shared';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import { openWithdrawalStatuses } from '../../db/withdrawalStatuses';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { WITHDRAWAL_MAX_OPEN: '2' }, limitRules: { smsIpPerDay: 10_000 } });
});
const sql = (text: string, values: unknown[] = []) => server.deps.database.pool.query(text, values);

let phones = 0;
async function withdrawer() {
  phones += 1;
  const { token, userId } = await verifiedUser(server, `1371100${String(phones).padStart(4, '0')}`);
  const payeeId = await savePayee(server, token);
  await credit(server.deps, userId, 1_000_000);
  const extract = async () =>
    server.call('POST', '/api/cash/extract', { token, body: { amountFen: 1000, channel: 1, payeeId, idempotencyKey: newKey() } });
  return { userId, extract };
}

/**
 * The plan PostgreSQL makes for the count as maika_extract runs it, with the user unknown: the
 * generic plan, which PL/pgSQL may keep for as long as the connection lives.
 */
async function countPlan(userId: number): Promise<string> {
  const client: pg.PoolClient = await server.deps.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local plan_cache_mode = force_generic_plan');
    await client.query(`prepare open_count(bigint, integer) as
      select count(*) from (select from withdrawals w where w.user_id = $1 and withdrawal_open(w.status) limit $2) o`);
    const plan = await client.query(`explain execute open_count(${userId}, 2)`);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    await client.query('deallocate open_count'); // a prepared statement outlives its transaction
    client.release();
  }
}

const statusCodes = withdrawalStatusTable.codes.filter((code) => code >= 0) as WithdrawalStatus[];

describe('open withdrawals, counted from their index', () => {
  it('is the count the creation runs, from the partial index, on a young table too', async () => {
    const { rows } = await sql(`select pg_get_functiondef('maika_extract'::regproc) as body`);
    expect(rows[0].body).toContain('WHERE w.user_id = p_user AND withdrawal_open(w.status) LIMIT p_max_open');
    // The test database's table holds a few rows: the size at which a plan on `status` once won.
    const plan = await countPlan(1);
    expect(plan).toContain('withdrawals_open_user_idx');
    expect(plan).not.toMatch(/withdrawals_(status|user)_idx/);
  });

  it.each(statusCodes)('a withdrawal in status %i counts against the limit exactly when it is open', async (status) => {
    const user = await withdrawer();
    for (let i = 0; i < 2; i += 1) expect((await user.extract()).code).toBe(200);
    await sql('update withdrawals set status = $1 where id = (select min(id) from withdrawals where user_id = $2)', [status, user.userId]);
    const third = await user.extract();
    expect(third.code).toBe(openWithdrawalStatuses.includes(status) ? Code.WithdrawalAlreadyOpen : 200);
  });

  it('weighs only the open ones, however many closed ones the user has', async () => {
    const user = await withdrawer();
    for (let i = 0; i < 5; i += 1) {
      expect((await user.extract()).code).toBe(200);
      await sql('update withdrawals set status = 1 where user_id = $1', [user.userId]);
    }
    expect((await user.extract()).code).toBe(200);
    expect((await user.extract()).code).toBe(200);
    expect((await user.extract()).code).toBe(Code.WithdrawalAlreadyOpen);
  });

  it('reads neither the user’s closed withdrawals nor the platform’s open ones, with a history behind them', async () => {
    // A platform's history: one user with many paid withdrawals, another with many open ones.
    const [paidMany, openMany] = [await withdrawer(), await withdrawer()];
    for (const [user, status] of [
      [paidMany, 1],
      [openMany, 0],
    ] as const) {
      expect((await user.extract()).code).toBe(200);
      await sql(
        `insert into withdrawals select (jsonb_populate_record(null::withdrawals, to_jsonb(w) || jsonb_build_object(
           'id', nextval('withdrawals_id_seq'), 'order_no', 'B' || w.id || '-' || g, 'out_biz_no', 'B' || w.id || '-' || g,
           'idempotency_key', 'bulk-' || g, 'status', $2::int))).*
         from withdrawals w, generate_series(1, 500) g where w.user_id = $1`,
        [user.userId, status],
      );
    }
    await sql('analyze withdrawals');
    const plan = await countPlan(paidMany.userId);
    expect(plan).toContain('withdrawals_open_user_idx');
    expect(plan).not.toMatch(/withdrawals_(status|user)_idx/);
  });
});
