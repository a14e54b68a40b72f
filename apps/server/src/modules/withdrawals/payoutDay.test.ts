/**
 * The daily limits weigh a withdrawal on the day it is put up for payout, and the running totals
 * book it on that same day: a withdrawal created yesterday and retried today counts against today.
 */
import { Code, WithdrawalStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, newKey, type TestServer } from '../../../test/harness';
import { adminCall, operator } from '../../../test/console';
import { alipayPayee, credit, openWithdrawal } from '../../../test/moneyFixtures';
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { processPayout } from './payoutService';

const USER_LIMIT_FEN = 3_000;
let server: TestServer;
let finance: string;
let phone = 13720000000;
const sql = async (text: string, params: unknown[] = []) => (await server.deps.database.pool.query(text, params)).rows;
const today = `(now() at time zone '${BUSINESS_TIME_ZONE}')::date`;

beforeAll(async () => {
  // No worker: each payout job step runs when the test says.
  server = await createTestServer({ env: { PAYOUT_USER_DAILY_FEN: String(USER_LIMIT_FEN) }, limitRules: { smsIpPerDay: 10_000 } });
  finance = await operator(server, 'finance');
});

/** An automatic withdrawal created yesterday (Beijing) and refused, ready to be retried today. */
async function refusedYesterday(amountFen: number) {
  const opened = await openWithdrawal(server, String((phone += 1)), { amountFen, balanceFen: 10_000 });
  await sql(`update withdrawals set created_at = created_at - interval '1 day', payout_day = payout_day - 1 where id = $1`, [opened.id]);
  expect((await adminCall(server, finance, 'POST', `/api/admin/withdrawals/${opened.id}/reject`, { reason: 'wrong day' })).code).toBe(
    Code.Ok,
  );
  return opened;
}

const row = async (id: number) =>
  (await sql('select status, approvals_required, approved_at is not null as approved from withdrawals where id = $1', [id]))[0];

describe('the daily payout limits and a retry of a withdrawal created the day before', () => {
  it("holds the retry for approval when today's platform limit is used up, though its creation day had room", async () => {
    const { id } = await refusedYesterday(2_000);
    // Someone else's payout today; then today's platform limit is set to what today has paid.
    const paidToday = await openWithdrawal(server, String((phone += 1)), { amountFen: 3_000, balanceFen: 10_000 });
    await processPayout(server.deps, paidToday.id);
    expect((await row(paidToday.id)).status).toBe(WithdrawalStatus.Paid);
    const [{ fen }] = await sql(`select coalesce((select amount_fen from automatic_payout_days where day = ${today}), 0)::bigint as fen`);
    await sql(
      `insert into settings (key, value) values ('payoutLimits', $1::jsonb) on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ userDailyFen: 1_000_000, platformDailyFen: Number(fen) })],
    );
    try {
      expect((await adminCall(server, finance, 'POST', `/api/admin/withdrawals/${id}/retry`)).code).toBe(Code.Ok);
      await processPayout(server.deps, id);
      expect(await row(id)).toEqual({ status: WithdrawalStatus.Repay, approvals_required: 1, approved: false });
    } finally {
      await sql(`delete from settings where key = 'payoutLimits'`);
    }
  });

  it("books the retry on today's user total, so a new withdrawal past today's user limit waits for approval", async () => {
    const { id, userId, token } = await refusedYesterday(2_000);
    expect((await adminCall(server, finance, 'POST', `/api/admin/withdrawals/${id}/retry`)).code).toBe(Code.Ok);
    await processPayout(server.deps, id);
    expect((await row(id)).status).toBe(WithdrawalStatus.Paid);
    const [{ fen }] = await sql(`select amount_fen::int as fen from automatic_payout_user_days where day = ${today} and user_id = $1`, [
      userId,
    ]);
    expect(fen).toBe(2_000);

    await credit(server.deps, userId, 5_000);
    const [{ id: payeeId }] = await sql('select id::int from payees where user_id = $1', [userId]);
    const next = await server.call('POST', '/api/cash/extract', {
      token,
      body: { amountFen: 2_000, channel: alipayPayee.channel, payeeId, idempotencyKey: newKey() },
    });
    expect(next.code, next.msg).toBe(Code.Ok);
    expect(await row(next.data.withdrawal.id as number)).toMatchObject({ approvals_required: 1, approved: false });
  });
});
