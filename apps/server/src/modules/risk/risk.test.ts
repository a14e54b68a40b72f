import { CardStatus, Code, WithdrawalStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit } from '../../../test/cardFixtures';
import type { Body, TestServer } from '../../../test/harness';
import { alipayPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { processPayout } from '../withdrawals';
import { riskFlags } from './service';
import { adminCall, auditActions, consoleServer, operator, type Method } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
let phone = 13300000000;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const as = (token: string, method: Method, url: string, body?: unknown): Promise<Body> => adminCall(server, token, method, url, body);

beforeAll(async () => {
  ({ server, ops } = await consoleServer({
    env: { PAYOUT_USER_DAILY_FEN: '5000', WITHDRAWAL_MAX_OPEN: '5', RISK_OPERATOR_APPROVALS: '2', RISK_CREDIT_FLOOR_FEN: '100000' },
  }));
});

async function seller(balanceFen = 20_000) {
  const { token, userId } = await verifiedUser(server, String((phone += 1)));
  const payeeId = await savePayee(server, token, alipayPayee);
  await credit(server.deps, userId, balanceFen);
  return { token, userId, payeeId };
}

async function withdraw(s: { token: string; payeeId: number }, amountFen: number) {
  const answer = await server.call('POST', '/api/cash/extract', {
    token: s.token,
    body: { amountFen, channel: 1, payeeId: s.payeeId, idempotencyKey: newKey() },
  });
  expect(answer.code, answer.msg).toBe(Code.Ok);
  return decided(answer.data.withdrawal.id);
}

/** The withdrawal as the console shows it once its payout job has weighed it against the platform's limit (no worker runs here). */
async function decided(id: number) {
  // A payout job of a process that pays no channel itself: it weighs the withdrawal and starts nothing.
  await processPayout({ ...server.deps, payouts: {} }, id);
  return (await as(ops.finance, 'GET', `/api/admin/withdrawals/${id}`)).data;
}

const platformToday = async () =>
  Number(
    (
      await sql(`select coalesce(sum(amount_fen), 0) as fen from withdrawals where approvals_required = 0 and status <> ${WithdrawalStatus.PaymentFailed}
        and payout_day = (now() at time zone '${BUSINESS_TIME_ZONE}')::date`)
    ).rows[0].fen,
  );

describe('daily automatic payout limits', () => {
  it("hold a user's withdrawal above their daily limit for one finance approval, which then pays it", async () => {
    const s = await seller();
    expect(await withdraw(s, 3_000)).toMatchObject({ approvalsRequired: 0 });
    const held = await withdraw(s, 3_000);
    expect(held).toMatchObject({ approvalsRequired: 1, approvedAt: null });
    expect((await as(ops.finance, 'POST', `/api/admin/withdrawals/${held.id}/approve`)).code).toBe(Code.Ok);
    expect((await as(ops.finance, 'GET', `/api/admin/withdrawals/${held.id}`)).data.approvedAt).not.toBeNull();
  });

  it("queue no payout for a withdrawal held by the user's daily limit, and exactly one once it is approved, which pays it", async () => {
    const s = await seller();
    expect(await withdraw(s, 3_000)).toMatchObject({ approvalsRequired: 0 });
    const held = await withdraw(s, 3_000);
    expect(held).toMatchObject({ approvalsRequired: 1, approvedAt: null });
    const jobsFor = async () =>
      Number(
        (await sql(`select count(*) from pgboss.job where name = 'payout' and data->>'withdrawalId' = $1`, [String(held.id)])).rows[0]
          .count,
      );
    expect(await jobsFor()).toBe(0);
    // A payout run before the approval (a stray or repeated job) still leaves it unpaid.
    await processPayout(server.deps, held.id);
    expect((await as(ops.finance, 'GET', `/api/admin/withdrawals/${held.id}`)).data).toMatchObject({
      status: WithdrawalStatus.Unpaid,
      approvedAt: null,
      paidAt: null,
    });
    expect((await as(ops.finance, 'POST', `/api/admin/withdrawals/${held.id}/approve`)).code).toBe(Code.Ok);
    expect(await jobsFor()).toBe(1);
    await processPayout(server.deps, held.id);
    expect((await as(ops.finance, 'GET', `/api/admin/withdrawals/${held.id}`)).data).toMatchObject({ status: WithdrawalStatus.Paid });
  });

  it('are changed by an administrator only, audited with the values before and after, and hold the platform-wide total', async () => {
    expect((await as(ops.finance, 'GET', '/api/admin/settings/payoutLimits')).data).toEqual({
      userDailyFen: 5000,
      platformDailyFen: 50_000_000,
    });
    expect((await as(ops.finance, 'PUT', '/api/admin/settings/payoutLimits', { userDailyFen: 1, platformDailyFen: 1 })).code).toBe(
      Code.AdminForbidden,
    );
    expect((await as(ops.admin, 'PUT', '/api/admin/settings/payoutLimits', { userDailyFen: -1, platformDailyFen: 1 })).code).toBe(
      Code.InvalidInput,
    );
    const closed = { userDailyFen: 1_000_000, platformDailyFen: await platformToday() };
    expect((await as(ops.admin, 'PUT', '/api/admin/settings/payoutLimits', closed)).data).toEqual(closed);
    expect(await auditActions(server, 'settings', 'payoutLimits')).toEqual(['settings.payoutLimits']);
    const { rows } = await sql(`select detail from audit_log where action = 'settings.payoutLimits'`);
    expect(JSON.stringify(rows[0].detail)).toContain('"before":{"userDailyFen":5000');
    expect(await withdraw(await seller(), 2_000)).toMatchObject({ approvalsRequired: 1 });
  });

  it('let only one of two parallel withdrawals of different users through the last room of the platform limit', async () => {
    const [a, b] = [await seller(), await seller()];
    await as(ops.admin, 'PUT', '/api/admin/settings/payoutLimits', {
      userDailyFen: 1_000_000,
      platformDailyFen: (await platformToday()) + 4_000,
    });
    const both = await Promise.all([withdraw(a, 3_000), withdraw(b, 3_000)]);
    expect(both.map((w) => w.approvalsRequired).sort()).toEqual([0, 1]);
  });
});

describe('running totals of automatic payouts', () => {
  // What the limit check used to sum over the withdrawals table, per payout day: per user and for everybody.
  const summed = async () =>
    (
      await sql(`select day::text, coalesce(user_id::text, 'all') as who, sum(amount_fen)::bigint::text as fen from (
          select payout_day as day, user_id, amount_fen from withdrawals
          where approvals_required = 0 and status <> ${WithdrawalStatus.PaymentFailed}) w
        group by grouping sets ((day, user_id), (day)) having sum(amount_fen) <> 0 order by 1, 2`)
    ).rows;
  const kept = async () =>
    (
      await sql(`select day::text, who, fen from (
          select day, user_id::text as who, amount_fen::text as fen from automatic_payout_user_days where amount_fen <> 0
          union all select day, 'all', amount_fen::text from automatic_payout_days where amount_fen <> 0) t order by 1, 2`)
    ).rows;
  const expectTotalsMatch = async () => {
    const expected = await summed();
    expect(expected.length).toBeGreaterThan(0);
    expect(await kept()).toEqual(expected);
  };

  it('match the sum over the withdrawals after creations, refusals (also of a retry), retries and a change of day', async () => {
    await as(ops.admin, 'PUT', '/api/admin/settings/payoutLimits', { userDailyFen: 5000, platformDailyFen: 50_000_000 });
    const [a, b] = [await seller(), await seller()];
    const first = await withdraw(a, 1_000);
    const second = await withdraw(a, 1_500);
    await withdraw(b, 2_000);
    const held = await withdraw(b, 4_000);
    expect([first, second, held].map((w) => w.approvalsRequired)).toEqual([0, 0, 1]);
    await expectTotalsMatch();

    expect((await as(ops.finance, 'POST', `/api/admin/withdrawals/${first.id}/reject`, { reason: '收款信息有误' })).code).toBe(Code.Ok);
    await expectTotalsMatch();
    expect((await as(ops.finance, 'POST', `/api/admin/withdrawals/${first.id}/retry`)).data).toMatchObject({ approvalsRequired: 0 });
    expect(await decided(first.id)).toMatchObject({ approvalsRequired: 0 });
    await expectTotalsMatch();
    expect((await as(ops.finance, 'POST', `/api/admin/withdrawals/${first.id}/reject`, { reason: '收款信息有误' })).code).toBe(Code.Ok);
    expect((await as(ops.finance, 'POST', `/api/admin/withdrawals/${held.id}/reject`, { reason: '收款信息有误' })).code).toBe(Code.Ok);
    await expectTotalsMatch();

    // Moved to yesterday, a's counted withdrawal leaves today's total: a has the whole 5,000 fen again, and no more.
    await sql(`update withdrawals set created_at = created_at - interval '1 day', payout_day = payout_day - 1 where id = $1`, [second.id]);
    await expectTotalsMatch();
    expect(await withdraw(a, 4_000)).toMatchObject({ approvalsRequired: 0 });
    expect(await withdraw(a, 1_500)).toMatchObject({ approvalsRequired: 1 });
    await expectTotalsMatch();
  });
});

describe('risk flags', () => {
  it('flag a user credited far above their history and an operator approving above the threshold, in the list and the metric', async () => {
    const { userId } = await verifiedUser(server, String((phone += 1)));
    await credit(server.deps, userId, 600_000);
    const reviewer = await operator(server, 'reviewer');
    const type = await createCardType(server);
    const user = await server.login(String((phone += 1)));
    const { data } = await submit(server, user, type.id, [freshCard(), freshCard(), freshCard()]);
    const cards = (await sql('select id from cards where order_id = $1', [data.orderId])).rows.map((r) => r.id);
    for (const id of cards) expect((await as(reviewer, 'POST', `/api/admin/cards/${id}/approve`, {})).data.status).toBe(CardStatus.Passed);

    expect((await as(ops.reviewer, 'GET', '/api/admin/risk')).code).toBe(Code.AdminForbidden);
    const flags = (await as(ops.finance, 'GET', '/api/admin/risk')).data.list;
    expect(flags).toContainEqual({ kind: 'userCredits', subjectId: userId, subject: String(phone - 1), value: 600_000, baseline: 0 });
    // The server holds the totals as bigint all the way to the API.
    expect(await riskFlags(server.deps)).toContainEqual({
      kind: 'userCredits',
      subjectId: userId,
      subject: String(phone - 1),
      value: 600_000n,
      baseline: 0n,
    });
    expect(flags).toContainEqual(
      expect.objectContaining({ kind: 'operatorApprovals', value: 3, baseline: 2, subject: expect.stringMatching(/^reviewer/) }),
    );
    const metrics = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/maika_risk_flags\{kind="userCredits"\} [1-9]/);
    expect(metrics).toMatch(/maika_risk_flags\{kind="operatorApprovals"\} [1-9]/);
  });
});
