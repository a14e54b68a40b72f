import { Code, contract, WithdrawalStatus, type ContractCall } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { bankPayee, newKey, openWithdrawal, verifiedUser } from '../../../test/moneyFixtures';
import { callApi } from '../../../test/callApi';
import { adminCall, adminRaw, operator } from '../../../test/console';

let server: TestServer;
let phone = 13500000000;
beforeAll(async () => {
  server = await createTestServer({ env: { WITHDRAWAL_SECOND_APPROVAL_FEN: '100000' }, limitRules: { smsIpPerDay: 10_000 } });
});

/** A bank withdrawal (offline, needs approval); above 1000 yuan it needs two approvers here. */
const bankWithdrawal = (amountFen: number) =>
  openWithdrawal(server, String((phone += 1)), { amountFen, balanceFen: 500_000, payee: bankPayee });
const calls = contract.withdrawals;
// The console's language, as the console sends it.
const en = { 'accept-language': 'en-US' };
const available = async (token: string) => (await callApi(server, calls.account, { token })).data.availableFen;
const detailOf = async (token: string, id: number) =>
  (await callApi(server, calls.adminDetail, { token, params: { id }, headers: en })).data;
/** A write on one withdrawal, by a finance operator. */
const onWithdrawal = (call: (typeof calls)['approve' | 'offlinePaid' | 'retry'], token: string, id: number) =>
  callApi(server, call, { token, params: { id }, headers: en });
const withReason = (call: (typeof calls)['reject' | 'offlineFailed'], token: string, id: number, reason: string) =>
  callApi(server, call, { token, params: { id }, body: { reason }, headers: en });

describe('admin money routes', () => {
  it('are open to finance and administrators only', async () => {
    const { id, userId } = await bankWithdrawal(10_000);
    for (const role of ['reviewer', 'support'] as const) {
      const token = await operator(server, role);
      for (const [call, params] of [
        [calls.adminList, {}],
        [calls.adminDetail, { id }],
        [calls.approve, { id }],
        [calls.ledger, { id: userId }],
        [calls.ledgerCheck, {}],
      ] as Array<[ContractCall, Record<string, number>]>) {
        const answer = await callApi(server, call, { token, params, headers: en } as never);
        expect(answer.code, `${role} ${call.method} ${call.path}`).toBe(Code.AdminForbidden);
      }
    }
    for (const role of ['finance', 'admin'] as const) {
      const token = await operator(server, role);
      expect((await callApi(server, calls.adminList, { token, query: { status: 0 }, headers: en })).code).toBe(200);
      expect((await callApi(server, calls.ledgerCheck, { token, headers: en })).data.ok).toBe(true);
    }
    expect((await callApi(server, calls.adminList, { token: '', query: {}, headers: en })).code).toBe(Code.AdminNotLoggedIn);
  });

  it('pay offline only after approval, show finance the full account, and audit each write', async () => {
    const finance = await operator(server, 'finance');
    const { token, id } = await bankWithdrawal(10_000);
    expect((await onWithdrawal(calls.offlinePaid, finance, id)).code).toBe(Code.WithdrawalNotApproved);
    const approved = await onWithdrawal(calls.approve, finance, id);
    expect(approved.data).toMatchObject({
      approvalCount: 1,
      approvalsRequired: 1,
      payeeFullAccount: '6222021234567894',
      bankName: '中国工商银行',
    });
    const paid = await onWithdrawal(calls.offlinePaid, finance, id);
    expect(paid.data.status).toBe(WithdrawalStatus.OfflineSettlement);
    expect((await callApi(server, calls.account, { token })).data).toMatchObject({ heldFen: 0, withdrawnTotalFen: 10_000 });
    expect((await withReason(calls.reject, finance, id, 'late')).code).toBe(Code.WithdrawalStateConflict);
    const audit = await server.deps.database.pool.query(
      `select action from audit_log where target_type = 'withdrawal' and target_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['withdrawal.approve', 'withdrawal.offlinePaid']);
  });

  it('name the state and the refused action of a conflict in both languages, as the other console conflicts do', async () => {
    const finance = await operator(server, 'finance');
    const { id } = await bankWithdrawal(10_000);
    await adminCall(server, finance, 'POST', `/api/admin/withdrawals/${id}/approve`);
    await adminCall(server, finance, 'POST', `/api/admin/withdrawals/${id}/offlinePaid`);
    const reject = async (locale: string) =>
      (await adminRaw(server, finance, 'POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'late' }, locale)).json();

    expect(await reject('en-US')).toMatchObject({
      code: Code.WithdrawalStateConflict,
      msg: 'This withdrawal is "线下结算 / Settled offline", so it cannot be 驳回 / rejected; reload to see its current state',
    });
    expect(await reject('zh-CN')).toMatchObject({
      code: Code.WithdrawalStateConflict,
      msg: '该提现当前为“线下结算 / Settled offline”，不能驳回 / rejected；请刷新后查看最新状态',
    });
    const failOffline = await adminRaw(server, finance, 'POST', `/api/admin/withdrawals/${id}/offlineFailed`, { reason: 'late' }, 'en-US');
    expect(failOffline.json().msg).toBe(
      'This withdrawal is "线下结算 / Settled offline", so it cannot be 标记为线下失败 / marked failed offline; reload to see its current state',
    );
  });

  it('need two different finance accounts above the threshold', async () => {
    const [first, second] = [await operator(server, 'finance'), await operator(server, 'finance')];
    const { id } = await bankWithdrawal(200_000);
    expect((await onWithdrawal(calls.approve, first, id)).data).toMatchObject({
      approvalCount: 1,
      approvalsRequired: 2,
      approvedAt: null,
    });
    expect((await onWithdrawal(calls.approve, first, id)).code).toBe(Code.SecondApproverRequired);
    expect((await onWithdrawal(calls.approve, second, id)).data.approvedAt).not.toBeNull();
  });

  it('refuse the offline actions on a withdrawal its channel pays automatically, and say in the list which ones those are', async () => {
    const finance = await operator(server, 'finance');
    // Above the threshold here: an Alipay withdrawal waits for two approvals before its payout is queued.
    const alipay = await openWithdrawal(server, String((phone += 1)), { amountFen: 200_000, balanceFen: 500_000 });
    const bank = await bankWithdrawal(10_000);
    const listed = await callApi(server, calls.adminList, { token: finance, query: { status: 0 }, headers: en });
    const byId = new Map(listed.data.list.map((w) => [w.id, w]));
    expect(byId.get(alipay.id)).toMatchObject({ autoPayout: true, approvalCount: 0, approvalsRequired: 2, awaitingApproval: true });
    expect(byId.get(bank.id)).toMatchObject({ autoPayout: false, approvalCount: 0, approvalsRequired: 1, awaitingApproval: true });

    const paid = await onWithdrawal(calls.offlinePaid, finance, alipay.id);
    expect(paid).toMatchObject({
      code: Code.WithdrawalPaidAutomatically,
      msg: expect.stringContaining('paid automatically through 支付宝 / Alipay'),
    });
    expect((await withReason(calls.offlineFailed, finance, alipay.id, '银行退票')).code).toBe(Code.WithdrawalPaidAutomatically);
    const zh = await adminRaw(server, finance, 'POST', `/api/admin/withdrawals/${alipay.id}/offlinePaid`, undefined, 'zh-CN');
    expect(zh.json().msg).toMatch(/^该提现由支付宝 \/ Alipay自动打款，不能标记线下打款/);
    expect(await available(alipay.token)).toBe(500_000 - 200_000 - (await detailOf(finance, alipay.id)).feeFen);
    // Refusing it is still finance's to do.
    expect((await withReason(calls.reject, finance, alipay.id, '收款信息有误')).data.status).toBe(WithdrawalStatus.PaymentFailed);
  });

  it('name each approver by username, and clear awaitingApproval once the approvals it needs are in', async () => {
    const [first, second] = [await operator(server, 'finance'), await operator(server, 'finance')];
    const { id } = await bankWithdrawal(200_000);
    expect((await onWithdrawal(calls.approve, first, id)).data).toMatchObject({ awaitingApproval: true, approvalCount: 1 });
    const approved = (await onWithdrawal(calls.approve, second, id)).data;
    expect(approved).toMatchObject({ awaitingApproval: false, status: WithdrawalStatus.Unpaid });
    expect(approved.approvals.map((a: { adminName: string }) => a.adminName)).toEqual([
      expect.stringMatching(/^finance\d+_\d+$/),
      expect.stringMatching(/^finance\d+_\d+$/),
    ]);
    expect(new Set(approved.approvals.map((a: { adminName: string }) => a.adminName)).size).toBe(2);
  });

  it('reject and offline failure return the money; retry holds it again', async () => {
    const finance = await operator(server, 'finance');
    const { token, id } = await bankWithdrawal(10_000);
    const before = 500_000;
    expect(await available(token)).toBe(before - 10_200);
    const rejected = await withReason(calls.reject, finance, id, '收款信息有误');
    expect(rejected.data).toMatchObject({ status: WithdrawalStatus.PaymentFailed, failReason: '收款信息有误' });
    expect(await available(token)).toBe(before);
    const retried = await onWithdrawal(calls.retry, finance, id);
    expect(retried.data).toMatchObject({ status: WithdrawalStatus.Repay, attempt: 2, failReason: null });
    expect(await available(token)).toBe(before - 10_200);
    await withReason(calls.offlineFailed, finance, id, '银行退票');
    expect(await available(token)).toBe(before);
    expect((await callApi(server, calls.ledgerCheck, { token: finance, headers: en })).data.ok).toBe(true);
  });

  it('adjust a balance up or down, never below zero, once per key', async () => {
    const finance = await operator(server, 'finance');
    const { token, userId } = await verifiedUser(server, String((phone += 1)));
    const key = newKey();
    const up = { amountFen: 500, reason: '补发返佣', idempotencyKey: key };
    const adjust = (id: number, body: typeof up) => callApi(server, calls.adjust, { token: finance, params: { id }, body, headers: en });
    expect((await adjust(userId, up)).data.availableFen).toBe(500);
    expect((await adjust(userId, up)).data.availableFen).toBe(500);
    const tooMuch = await adjust(userId, { amountFen: -501, reason: '扣回', idempotencyKey: newKey() });
    expect(tooMuch.code).toBe(Code.AdjustmentExceedsBalance);
    expect(await available(token)).toBe(500);
    const ledger = await callApi(server, calls.ledger, { token: finance, params: { id: userId }, query: {}, headers: en });
    expect(ledger.data).toMatchObject({
      total: 1,
      list: [{ reason: 'adjustment', account: 'user_available', counterAccount: 'platform_clearing', amountFen: 500 }],
    });
    expect((await adjust(999999, { ...up, idempotencyKey: newKey() })).code).toBe(Code.NotFound);
  });
});
