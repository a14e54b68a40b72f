/**
 * A frozen user's money does not leave: finance cannot approve, pay offline or retry their
 * withdrawals, and the payout job starts none of them. They stay open, the console says why, and
 * the unfreeze lets them go on.
 */
import { Code, PayeeChannel, WithdrawalStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, eventually, type TestServer } from '../../../test/harness';
import { adminCall, adminRaw, operator } from '../../../test/console';
import { bankPayee, openWithdrawal } from '../../../test/moneyFixtures';
import { processPayout } from './payoutService';
import { listUnfinishedPayouts } from './repo';

let server: TestServer;
let finance: string;
let support: string;
let phone = 13730000000;
const sql = async (text: string, params: unknown[] = []) => (await server.deps.database.pool.query(text, params)).rows;

beforeAll(async () => {
  // No worker: each payout job step runs when the test says. Above 1,500 fen an Alipay payout needs one approval.
  server = await createTestServer({ env: { PAYOUT_USER_DAILY_FEN: '1500' }, limitRules: { smsIpPerDay: 10_000 } });
  finance = await operator(server, 'finance');
  support = await operator(server, 'support');
});

const bankWithdrawal = () => openWithdrawal(server, String((phone += 1)), { amountFen: 10_000, balanceFen: 50_000, payee: bankPayee });
const alipayWithdrawal = (amountFen: number) => openWithdrawal(server, String((phone += 1)), { amountFen, balanceFen: 50_000 });
const act = (id: number, action: 'approve' | 'offlinePaid' | 'retry') =>
  adminCall(server, finance, 'POST', `/api/admin/withdrawals/${id}/${action}`);
const setFrozen = async (userId: number, frozen: boolean) =>
  expect(
    (frozen
      ? await adminCall(server, support, 'POST', `/api/admin/users/${userId}/freeze`, { reason: 'suspected fraud' })
      : await adminCall(server, support, 'POST', `/api/admin/users/${userId}/unfreeze`)
    ).code,
  ).toBe(Code.Ok);
const row = async (id: number) =>
  (await sql('select status, approved_at is not null as approved, platform_limit_pending from withdrawals where id = $1', [id]))[0];
const queuedPayouts = async (id: number) =>
  (await sql(`select count(*)::int as n from pgboss.job where name = 'payout' and (data->>'withdrawalId')::bigint = $1`, [id]))[0]
    .n as number;

describe("a frozen user's withdrawals", () => {
  it('are refused approval, in both languages, and shown held in the console list and detail; unfrozen, approval goes through', async () => {
    const { id, userId } = await bankWithdrawal();
    await setFrozen(userId, true);
    const refused = (await adminRaw(server, finance, 'POST', `/api/admin/withdrawals/${id}/approve`, undefined, 'zh-CN')).json();
    expect(refused).toMatchObject({ code: Code.WithdrawalPayerFrozen, msg: expect.stringContaining('该用户已被冻结') });
    const inEnglish = (await adminRaw(server, finance, 'POST', `/api/admin/withdrawals/${id}/approve`, undefined, 'en-US')).json();
    expect(inEnglish.msg).toMatch(/^This user is frozen, so the withdrawal is on hold/);
    expect(await row(id)).toMatchObject({ status: WithdrawalStatus.Unpaid, approved: false });
    expect(await sql('select count(*)::int as n from withdrawal_approvals where withdrawal_id = $1', [id])).toEqual([{ n: 0 }]);
    expect((await adminCall(server, finance, 'GET', `/api/admin/withdrawals/${id}`)).data.userFrozen).toBe(true);
    const listed = await adminCall(server, finance, 'GET', `/api/admin/withdrawals?userId=${userId}`);
    expect(listed.data.list).toMatchObject([{ id, userFrozen: true }]);

    await setFrozen(userId, false);
    expect((await act(id, 'approve')).data).toMatchObject({ approvedAt: expect.any(String), userFrozen: false });
  });

  it('are refused payment offline after their approval; unfrozen, they are paid', async () => {
    const { id, userId } = await bankWithdrawal();
    expect((await act(id, 'approve')).code).toBe(Code.Ok);
    await setFrozen(userId, true);
    expect((await act(id, 'offlinePaid')).code).toBe(Code.WithdrawalPayerFrozen);
    expect(await row(id)).toMatchObject({ status: WithdrawalStatus.Unpaid, approved: true });

    await setFrozen(userId, false);
    expect((await act(id, 'offlinePaid')).data.status).toBe(WithdrawalStatus.OfflineSettlement);
  });

  it('are refused a retry; unfrozen, the retry goes through', async () => {
    const { id, userId } = await bankWithdrawal();
    expect((await adminCall(server, finance, 'POST', `/api/admin/withdrawals/${id}/reject`, { reason: '收款信息有误' })).code).toBe(
      Code.Ok,
    );
    await setFrozen(userId, true);
    expect((await act(id, 'retry')).code).toBe(Code.WithdrawalPayerFrozen);
    expect((await row(id)).status).toBe(WithdrawalStatus.PaymentFailed);

    await setFrozen(userId, false);
    expect((await act(id, 'retry')).data).toMatchObject({ status: WithdrawalStatus.Repay, attempt: 2 });
  });

  it('are not sent by the payout job, nor weighed against the platform limit; the unfreeze queues the payout and it pays', async () => {
    const { id, userId } = await alipayWithdrawal(1_000);
    await setFrozen(userId, true);
    await processPayout(server.deps, id);
    expect(await row(id)).toEqual({ status: WithdrawalStatus.Unpaid, approved: true, platform_limit_pending: true });
    expect(await listUnfinishedPayouts(server.deps.database.db, 0, [PayeeChannel.Alipay])).not.toContain(id);

    const queuedBefore = await queuedPayouts(id);
    await setFrozen(userId, false);
    expect(await queuedPayouts(id)).toBe(queuedBefore + 1);
    await processPayout(server.deps, id);
    expect((await row(id)).status).toBe(WithdrawalStatus.Paid);
  });

  it('are held when the user is frozen between the approval and the payout step', async () => {
    const { id, userId } = await alipayWithdrawal(2_000);
    expect((await act(id, 'approve')).data).toMatchObject({ approvalsRequired: 1, approvedAt: expect.any(String) });
    await setFrozen(userId, true);
    await processPayout(server.deps, id);
    expect(await row(id)).toMatchObject({ status: WithdrawalStatus.Unpaid, approved: true });
    expect(await listUnfinishedPayouts(server.deps.database.db, 0, [PayeeChannel.Alipay])).not.toContain(id);

    await setFrozen(userId, false);
    await processPayout(server.deps, id);
    expect((await row(id)).status).toBe(WithdrawalStatus.Paid);
  });

  it("are approved only after a freeze under way commits, and then refused: the approval waits on the user's row", async () => {
    const { id, userId } = await bankWithdrawal();
    const freezing = await server.deps.database.pool.connect();
    try {
      await freezing.query('begin');
      await freezing.query('select id from users where id = $1 for update', [userId]);
      const approval = act(id, 'approve');
      const waiting = await eventually(
        async () =>
          (await sql(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%"users"%'`))[0].n > 0,
        { withinMs: 5_000 },
      );
      await freezing.query(`update users set status = 'frozen' where id = $1`, [userId]);
      await freezing.query('commit');
      expect(waiting).toBe(true);
      expect((await approval).code).toBe(Code.WithdrawalPayerFrozen);
    } finally {
      freezing.release();
    }
  });
});
