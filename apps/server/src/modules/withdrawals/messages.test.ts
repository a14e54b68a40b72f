import { Code, contract, messageTypeTable, PayeeChannel, WithdrawalStatus, type MessageTypeKey } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { adminCall, operator } from '../../../test/console';
import { createTestServer, type TestServer } from '../../../test/harness';
import { bankPayee, credit, newKey, openWithdrawal, verifiedUser, withdrawalSettled } from '../../../test/moneyFixtures';
import { renderMessageText, type MessageFacts } from '../messages';
import type { AdminAction } from '../audit';
import { failWithdrawal, markPaidOffline, postAdjustment } from './adminService';

const calls = contract.withdrawals;
const en = { 'accept-language': 'en-US' };
let phone = 13700000000;
const nextPhone = () => String((phone += 1));

async function messages<T extends MessageTypeKey>(
  server: TestServer,
  userId: number,
  key: T,
): Promise<{ subject: string; params: MessageFacts[T] }[]> {
  const { rows } = await server.deps.database.pool.query(
    'select subject, params from messages where user_id = $1 and type = $2 order by id',
    [userId, messageTypeTable.byKey(key)!.code],
  );
  return rows;
}

describe('withdrawals paid or returned by the payout worker', () => {
  it('tells the seller a payout the vendor paid, once', async () => {
    const server = await createTestServer({ payoutWorker: true, limitRules: { smsIpPerDay: 10_000 } });
    const { userId, id } = await openWithdrawal(server, nextPhone(), { amountFen: 2_000, balanceFen: 10_000 });
    await withdrawalSettled(server, id, [WithdrawalStatus.Paid]);
    const [paid, ...more] = await messages(server, userId, 'withdrawalPaid');
    expect(more).toEqual([]);
    const { rows } = await server.deps.database.pool.query('select fee_fen, paid_at from withdrawals where id = $1', [id]);
    expect(paid).toEqual({
      subject: `withdrawal:${id}`,
      params: {
        withdrawalId: id,
        amountFen: 2_000,
        feeFen: Number(rows[0].fee_fen),
        channel: PayeeChannel.Alipay,
        paidAt: rows[0].paid_at.toISOString(),
      },
    });
    const fee = Number(rows[0].fee_fen) > 0;
    expect(renderMessageText('withdrawalPaid', paid!.params, 'en-US')).toEqual({
      title: 'Withdrawal paid',
      content: expect.stringMatching(
        fee
          ? /^The ¥20\.00 you withdrew has been paid \(Alipay\)\. Fee: ¥\d+\.\d\d\.$/
          : /^The ¥20\.00 you withdrew has been paid \(Alipay\)\.$/,
      ),
    });
    expect(renderMessageText('withdrawalPaid', paid!.params, 'zh-CN')).toEqual({
      title: '提现已到账',
      content: expect.stringMatching(/^您提现的 ¥20\.00 已到账支付宝。/),
    });
    expect(await messages(server, userId, 'withdrawalReturned')).toEqual([]);
  });

  it('tells the seller a payout the vendor refused, with our reason rendered in each language', async () => {
    const server = await createTestServer({
      payoutWorker: true,
      env: { PAYOUT_SIM_OUTCOME: 'failed' },
      limitRules: { smsIpPerDay: 10_000 },
    });
    const { userId, id } = await openWithdrawal(server, nextPhone(), { amountFen: 2_000, balanceFen: 10_000 });
    await withdrawalSettled(server, id, [WithdrawalStatus.PaymentFailed]);
    const [returned] = await messages(server, userId, 'withdrawalReturned');
    expect(returned).toEqual({
      subject: `withdrawal:${id}:1`,
      params: {
        withdrawalId: id,
        amountFen: 2_000,
        channel: PayeeChannel.Alipay,
        reason: null,
        reasonKey: 'payout.simulatedFailed',
        reasonParams: null,
      },
    });
    expect(renderMessageText('withdrawalReturned', returned!.params, 'en-US')).toEqual({
      title: 'Withdrawal failed and returned to your balance',
      content: 'The ¥20.00 you withdrew (Alipay) could not be paid and is back in your balance.\nReason: The simulated payout failed',
    });
    expect(renderMessageText('withdrawalReturned', returned!.params, 'zh-CN')).toEqual({
      title: '提现未成功，已退回余额',
      content: '您提现的 ¥20.00 未能转到支付宝，已退回余额。\n原因：模拟打款失败',
    });
    expect(await messages(server, userId, 'withdrawalPaid')).toEqual([]);
  });
});

describe('finance', () => {
  let server: TestServer;
  let finance: string;
  beforeAll(async () => {
    server = await createTestServer({ env: { WITHDRAWAL_SECOND_APPROVAL_FEN: '100000' }, limitRules: { smsIpPerDay: 10_000 } });
    finance = await operator(server, 'finance');
  });
  const bankWithdrawal = () => openWithdrawal(server, nextPhone(), { amountFen: 10_000, balanceFen: 500_000, payee: bankPayee });
  const act = (call: (typeof calls)['approve' | 'offlinePaid' | 'retry'], id: number) =>
    callApi(server, call, { token: finance, params: { id }, headers: en });
  const withReason = (call: (typeof calls)['reject' | 'offlineFailed'], id: number, reason: string) =>
    callApi(server, call, { token: finance, params: { id }, body: { reason }, headers: en });

  it('tells the seller a withdrawal finance settled offline', async () => {
    const { userId, id } = await bankWithdrawal();
    await act(calls.approve, id);
    expect((await act(calls.offlinePaid, id)).data.status).toBe(WithdrawalStatus.OfflineSettlement);
    const [paid] = await messages(server, userId, 'withdrawalPaid');
    expect(paid).toMatchObject({
      subject: `withdrawal:${id}`,
      params: { withdrawalId: id, amountFen: 10_000, feeFen: 200, channel: PayeeChannel.Bank },
    });
    expect(renderMessageText('withdrawalPaid', paid!.params, 'en-US').content).toBe(
      'The ¥100.00 you withdrew has been paid (Bank card). Fee: ¥2.00.',
    );
    expect(renderMessageText('withdrawalPaid', paid!.params, 'zh-CN').content).toBe('您提现的 ¥100.00 已到账银行卡。手续费 ¥2.00。');
  });

  it('tells each return of a refused or failed withdrawal, in the words finance gave, again after a retry', async () => {
    const { userId, id } = await bankWithdrawal();
    await withReason(calls.reject, id, '收款信息有误');
    await act(calls.retry, id);
    await withReason(calls.offlineFailed, id, 'the bank returned it');
    const returned = await messages(server, userId, 'withdrawalReturned');
    expect(returned.map((m) => [m.subject, m.params.reason, m.params.reasonKey])).toEqual([
      [`withdrawal:${id}:1`, '收款信息有误', null],
      [`withdrawal:${id}:2`, 'the bank returned it', null],
    ]);
    expect(renderMessageText('withdrawalReturned', returned[1]!.params, 'en-US').content).toBe(
      'The ¥100.00 you withdrew (Bank card) could not be paid and is back in your balance.\nReason: the bank returned it',
    );
    expect(renderMessageText('withdrawalReturned', returned[0]!.params, 'zh-CN').content).toBe(
      '您提现的 ¥100.00 未能转到银行卡，已退回余额。\n原因：收款信息有误',
    );
    expect(await messages(server, userId, 'withdrawalPaid')).toEqual([]);
  });

  it('tells an adjustment with its sign, reason and the balance after, once per transfer', async () => {
    const { token, userId } = await verifiedUser(server, nextPhone());
    await credit(server.deps, userId, 1_000);
    const down = { amountFen: -300, reason: 'duplicate credit', idempotencyKey: newKey() };
    expect((await adminCall(server, finance, 'POST', `/api/admin/users/${userId}/adjust`, down)).code).toBe(Code.Ok);
    expect((await adminCall(server, finance, 'POST', `/api/admin/users/${userId}/adjust`, down)).code).toBe(Code.Ok);
    const up = { amountFen: 500, reason: '补发返佣', idempotencyKey: newKey() };
    await adminCall(server, finance, 'POST', `/api/admin/users/${userId}/adjust`, up);
    expect((await server.call('GET', '/api/cash/getAccount', { token })).data.availableFen).toBe(1_200);
    const adjusted = await messages(server, userId, 'balanceAdjusted');
    expect(adjusted.map((m) => m.params)).toEqual([
      { amountFen: -300, reason: 'duplicate credit', balanceFen: 700 },
      { amountFen: 500, reason: '补发返佣', balanceFen: 1_200 },
    ]);
    expect(adjusted[0]!.subject).toMatch(/^adjustment:\d+$/);
    expect(renderMessageText('balanceAdjusted', adjusted[0]!.params, 'en-US')).toEqual({
      title: 'Your balance was adjusted',
      content: 'Customer service adjusted your balance by -¥3.00; it is now ¥7.00. Reason: duplicate credit',
    });
    expect(renderMessageText('balanceAdjusted', adjusted[1]!.params, 'zh-CN')).toEqual({
      title: '余额已调整',
      content: '客服调整了您的余额 +¥5.00，调整后余额 ¥12.00。原因：补发返佣',
    });
  });

  it('tells an adjustment a second finance operator carried out, when it is carried out', async () => {
    const { userId } = await verifiedUser(server, nextPhone());
    const body = { amountFen: 200_000, reason: 'compensation for a lost card', idempotencyKey: newKey() };
    const asked = await adminCall(server, finance, 'POST', `/api/admin/users/${userId}/adjust`, body);
    expect(asked.data.pendingApprovalId).toEqual(expect.any(Number));
    expect(await messages(server, userId, 'balanceAdjusted')).toEqual([]);
    const second = await operator(server, 'finance');
    expect((await adminCall(server, second, 'POST', `/api/admin/approvals/${asked.data.pendingApprovalId}/approve`)).code).toBe(Code.Ok);
    expect((await messages(server, userId, 'balanceAdjusted')).map((m) => m.params)).toEqual([
      { amountFen: 200_000, reason: 'compensation for a lost card', balanceFen: 200_000 },
    ]);
  });

  it('leaves no message when the adjustment is rolled back', async () => {
    const { userId } = await verifiedUser(server, nextPhone());
    await credit(server.deps, userId, 1_000);
    const failed = server.deps.database.db.transaction(async (tx) => {
      await postAdjustment(tx, userId, { amountFen: -100, reason: 'rolled back', idempotencyKey: newKey() });
      throw new Error('the adjustment fails after its message was recorded');
    });
    await expect(failed).rejects.toThrow('the adjustment fails');
    expect(await messages(server, userId, 'balanceAdjusted')).toEqual([]);
  });

  it('leaves no message when a payment or refusal by finance is rolled back', async () => {
    const { userId, id } = await bankWithdrawal();
    await act(calls.approve, id);
    // An entry for an operator who does not exist cannot be written: the change fails after its message was recorded.
    const unwritable = (action: AdminAction['action']): AdminAction => ({
      adminId: 999_999_999,
      action,
      ip: null,
      userAgent: null,
      input: { params: { id }, body: {} },
      recorded: false,
    });
    await expect(markPaidOffline(server.deps, id, unwritable('withdrawal.offlinePaid'))).rejects.toThrow();
    await expect(failWithdrawal(server.deps, id, 'reject', 'rolled back', unwritable('withdrawal.reject'))).rejects.toThrow();
    const { rows } = await server.deps.database.pool.query('select status from withdrawals where id = $1', [id]);
    expect(rows[0].status).toBe(WithdrawalStatus.Unpaid);
    expect(await messages(server, userId, 'withdrawalPaid')).toEqual([]);
    expect(await messages(server, userId, 'withdrawalReturned')).toEqual([]);
  });
});
