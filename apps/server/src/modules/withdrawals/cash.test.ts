import { Code, contract, WithdrawalStatus, type BodyOf } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestDatabase, createTestServer, type TestServer } from '../../../test/harness';
import { connect } from '../../db/client';
import { alipayPayee, bankPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import { checkLedger } from '../ledger';

const en = { 'accept-language': 'en' };
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});

const calls = contract.withdrawals;
/** Bodies the server must refuse are sent too, so the body is whatever the test hands over. */
const extract = (token: string, body: object) =>
  callApi(server, calls.extract, { token, body: body as BodyOf<typeof calls.extract>, headers: en });
const account = async (token: string) => (await callApi(server, calls.account, { token })).data;

describe('payees', () => {
  it('need a verified real name (333) and take the name from it', async () => {
    const token = await server.login('13700000001');
    expect((await server.call('POST', '/api/user/savePayee', { token, body: alipayPayee })).code).toBe(Code.RealNameRequired);
    const { token: verified } = await verifiedUser(server, '13700000001');
    const saved = await server.call('POST', '/api/user/savePayee', { token: verified, body: alipayPayee });
    expect(saved.data.payee).toMatchObject({ channel: 1, name: '*三丰', account: '138****8000', bankCode: null });
  });

  it('validate accounts per channel, keep one per channel and list masked', async () => {
    const { token } = await verifiedUser(server, '13700000002');
    const bad = await server.call('POST', '/api/user/savePayee', {
      token,
      body: { ...bankPayee, account: '6222021234567890' },
      headers: en,
    });
    expect(bad).toMatchObject({ code: Code.InvalidInput, data: { field: 'account' } });
    expect(bad.msg).toMatch(/12 to 19 digits/);
    const noBank = await server.call('POST', '/api/user/savePayee', { token, body: { channel: 3, account: bankPayee.account } });
    expect(noBank).toMatchObject({ code: Code.InvalidInput, data: { field: 'bankCode' } });
    const first = await savePayee(server, token, bankPayee);
    const replaced = await savePayee(server, token, { ...bankPayee, account: '4111111111111111', bankCode: 'CMB' });
    expect(replaced).toBe(first);
    const list = await server.call('GET', '/api/user/getPayeeList', { token });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: first,
        channel: 3,
        account: '411****1111',
        bankCode: 'CMB',
        bankName: '招商银行',
        branch: '北京分行',
      }),
    ]);
    const stored = await server.deps.database.pool.query('select account_enc from payees where id = $1', [first]);
    expect(stored.rows[0].account_enc.toString('latin1')).not.toContain('4111111111111111');
  });

  it("another user's payee is not found, for saving, deleting and withdrawing", async () => {
    const owner = await verifiedUser(server, '13700000003');
    const payeeId = await savePayee(server, owner.token);
    const other = await verifiedUser(server, '13700000004');
    await credit(server.deps, other.userId, 100_000);
    expect((await server.call('POST', '/api/user/savePayee', { token: other.token, body: { ...alipayPayee, id: payeeId } })).code).toBe(
      Code.NotFound,
    );
    expect((await server.call('POST', '/api/user/deletePayee', { token: other.token, body: { id: payeeId } })).code).toBe(Code.NotFound);
    expect((await extract(other.token, { amountFen: 2000, channel: 1, payeeId, idempotencyKey: newKey() })).code).toBe(Code.NotFound);
  });

  it('lists the banks', async () => {
    const token = await server.login('13700000005');
    const banks = await server.call('GET', '/api/user/getOpenBank', { token });
    expect(banks.data.list).toContainEqual({ code: 'ICBC', name: '中国工商银行' });
  });
});

describe('withdrawal channels', () => {
  it('come from the seeded table', async () => {
    const token = await server.login('13700000006');
    const { data } = await callApi(server, calls.channels, { token });
    expect(data.list).toEqual([
      {
        channel: 1,
        key: 'alipay',
        name: '支付宝',
        color: '#1677ff',
        minFen: 1000,
        maxFen: 5_000_000,
        feeBp: 0,
        feeMinFen: 0,
        enabled: true,
        autoPayout: true,
        notice: null,
      },
      {
        channel: 2,
        key: 'wechat',
        name: '微信',
        color: '#07c160',
        minFen: 1000,
        maxFen: 2_000_000,
        feeBp: 0,
        feeMinFen: 0,
        enabled: true,
        autoPayout: true,
        notice: expect.stringContaining('小程序'),
      },
      {
        channel: 3,
        key: 'bank',
        name: '银行卡',
        color: '#d48806',
        minFen: 5000,
        maxFen: 5_000_000,
        feeBp: 10,
        feeMinFen: 200,
        enabled: true,
        autoPayout: false,
        notice: null,
      },
    ]);
  });
});

describe('extract', () => {
  it('answers 333 before any other check when the real name is not verified', async () => {
    const token = await server.login('13700000010');
    expect((await extract(token, { amountFen: 1, channel: 2, payeeId: 999999, idempotencyKey: newKey() })).code).toBe(
      Code.RealNameRequired,
    );
  });

  it('checks channel, payee, minimum, balance, maximum and open withdrawals, in that order', async () => {
    const { token, userId } = await verifiedUser(server, '13700000011');
    const alipay = await savePayee(server, token);
    const bank = await savePayee(server, token, bankPayee);
    const body = (o: object) => ({ amountFen: 2000, channel: 1, payeeId: alipay, idempotencyKey: newKey(), ...o });
    await server.deps.database.pool.query('update withdrawal_channels set enabled = false where channel = 2');
    expect((await extract(token, body({ channel: 2 }))).code).toBe(Code.WithdrawalChannelDisabled);
    await server.deps.database.pool.query('update withdrawal_channels set enabled = true where channel = 2');
    expect((await extract(token, body({ payeeId: bank }))).code).toBe(Code.PayeeChannelMismatch);
    expect((await extract(token, body({ amountFen: 999 }))).msg).toMatch(/at least ¥10\.00/);
    expect((await extract(token, body({ amountFen: 5_000_001 }))).code).toBe(Code.InsufficientBalance);
    await credit(server.deps, userId, 5100);
    const short = await extract(token, body({ channel: 3, payeeId: bank, amountFen: 5000 }));
    expect(short).toMatchObject({ code: Code.InsufficientBalance });
    expect(short.msg).toContain('¥51.00'); // 5000 + the 200 minimum fee is more than 51 yuan
    const ok = await extract(token, body({ amountFen: 3000 }));
    expect(ok.data.withdrawal).toMatchObject({
      amountFen: 3000,
      feeFen: 0,
      status: WithdrawalStatus.Unpaid,
      payeeName: '*三丰',
      payeeAccount: '138****8000',
      confirm: null,
    });
    expect((await extract(token, body({ amountFen: 1000 }))).code).toBe(Code.WithdrawalAlreadyOpen);
    expect(await account(token)).toEqual({
      availableFen: 2100,
      heldFen: 3000,
      creditedTotalFen: 5100,
      withdrawnTotalFen: 0,
      rebateTotalFen: 0,
    });
    expect((await server.call('POST', '/api/user/deletePayee', { token, body: { id: alipay } })).code).toBe(Code.PayeeInUse);
  });

  it('says the balance is too low, naming it, when an amount is above both the balance and the maximum', async () => {
    const { token, userId } = await verifiedUser(server, '13700000015');
    const payeeId = await savePayee(server, token);
    await credit(server.deps, userId, 10_000);
    const above = await extract(token, { amountFen: 10_000_000, channel: 1, payeeId, idempotencyKey: newKey() });
    expect(above).toMatchObject({ code: Code.InsufficientBalance, msg: expect.stringContaining('¥100.00') });
    // With the balance to cover it, the maximum is what stands in the way.
    await credit(server.deps, userId, 6_000_000);
    const tooMuch = await extract(token, { amountFen: 5_000_001, channel: 1, payeeId, idempotencyKey: newKey() });
    expect(tooMuch).toMatchObject({ code: Code.WithdrawalAboveMaximum, msg: expect.stringContaining('¥50,000.00') });
  });

  it('answers the records with the totals of the same moment, and marks one waiting for finance as awaiting approval', async () => {
    const { token, userId } = await verifiedUser(server, '13700000016');
    const bank = await savePayee(server, token, bankPayee);
    await credit(server.deps, userId, 100_000);
    const { data } = await extract(token, { amountFen: 10_000, channel: 3, payeeId: bank, idempotencyKey: newKey() });
    expect(data.withdrawal).toMatchObject({ status: WithdrawalStatus.Unpaid, awaitingApproval: true });
    const records = await callApi(server, calls.records, { token, query: { status: 999, page: 1, pageSize: 20 } });
    expect(records.data).toMatchObject({
      total: 1,
      list: [{ id: data.withdrawal.id, status: WithdrawalStatus.Unpaid, awaitingApproval: true }],
      totals: { paidFen: 0, paidCount: 0, pendingFen: 10_000, pendingCount: 1 },
    });
    expect(records.data.totals).toEqual((await callApi(server, calls.recordsTotal, { token })).data);

    // Approved (a bank card is then paid by hand), it no longer waits for a review.
    await server.deps.database.pool.query('update withdrawals set approved_at = now() where id = $1', [data.withdrawal.id]);
    const approved = await callApi(server, calls.records, { token, query: { status: 0, page: 1, pageSize: 20 } });
    expect(approved.data.list).toMatchObject([{ status: WithdrawalStatus.Unpaid, awaitingApproval: false }]);
  });

  it('takes the fee on top of the amount', async () => {
    const { token, userId } = await verifiedUser(server, '13700000012');
    const bank = await savePayee(server, token, bankPayee);
    await credit(server.deps, userId, 300_000);
    const { data } = await extract(token, { amountFen: 250_000, channel: 3, payeeId: bank, idempotencyKey: newKey() });
    expect(data.withdrawal).toMatchObject({ amountFen: 250_000, feeFen: 250 });
    expect(await account(token)).toMatchObject({ availableFen: 49_750, heldFen: 250_250 });
  });

  it('returns the first result for a repeated key and refuses the key with another amount', async () => {
    const { token, userId } = await verifiedUser(server, '13700000013');
    const payeeId = await savePayee(server, token);
    await credit(server.deps, userId, 10_000);
    const body = { amountFen: 2000, channel: 1, payeeId, idempotencyKey: newKey() };
    const results = await Promise.all([extract(token, body), extract(token, body), extract(token, body)]);
    expect(results.map((r) => r.code)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.data.withdrawal.id)).size).toBe(1);
    expect((await extract(token, { ...body, amountFen: 2001 })).code).toBe(Code.IdempotencyKeyReused);
    expect((await account(token)).heldFen).toBe(2000);
    const records = await callApi(server, calls.records, { token, query: { status: 999, page: 1, pageSize: 20 } });
    expect(records.data.total).toBe(1);
    const totals = await callApi(server, calls.recordsTotal, { token });
    expect(totals.data).toEqual({ paidFen: 0, paidCount: 0, pendingFen: 2000, pendingCount: 1 });
    const none = await callApi(server, calls.records, { token, query: { status: 1 } });
    expect(none.data).toEqual({ list: [], total: 0, totals: totals.data });
  });

  it('blocks account cancellation while money or a withdrawal remains', async () => {
    const { token, userId } = await verifiedUser(server, '13700000014');
    await credit(server.deps, userId, 1234);
    const res = await server.call('GET', '/api/Authentication/cancel', { token, headers: en });
    expect(res).toMatchObject({ code: Code.CancelBlockedByBalance });
    expect(res.msg).toContain('¥12.34');
  });

  it('names an open withdrawal as what blocks cancellation, in the reader’s language', async () => {
    const { token, userId } = await verifiedUser(server, '13700000015');
    await credit(server.deps, userId, 50_000);
    const payeeId = await savePayee(server, token, bankPayee);
    const made = await server.call('POST', '/api/cash/extract', {
      token,
      body: { amountFen: 10_000, channel: 3, payeeId, idempotencyKey: newKey() },
    });
    expect(made.code).toBe(Code.Ok);
    expect(await server.call('GET', '/api/Authentication/cancel', { token, headers: en })).toMatchObject({
      code: Code.CancelBlockedByOpenItems,
      msg: 'You still have unfinished withdrawals; finish them before cancelling the account',
    });
    expect(await server.call('GET', '/api/Authentication/cancel', { token, headers: { 'accept-language': 'zh-CN' } })).toMatchObject({
      code: Code.CancelBlockedByOpenItems,
      msg: '还有未完成的提现，请处理完成后再注销',
    });
  });
});

describe('200 concurrent withdrawals on one balance through two server instances', () => {
  // One user, so every request races on the same balance; the one-open-withdrawal rule is lifted
  // (WITHDRAWAL_MAX_OPEN) so the balance, not that rule, decides who succeeds.
  it('accept exactly as many as the balance covers and never overdraw', async () => {
    const env = { WITHDRAWAL_MAX_OPEN: '1000' };
    const { url } = await createTestDatabase();
    const [poolA, poolB] = [connect(url), connect(url)];
    afterAll(() => Promise.all([poolA.close(), poolB.close()]));
    const a = await createTestServer({ database: poolA, env, limitRules: { smsIpPerDay: 10_000 } });
    const b = await createTestServer({ database: poolB, env, limitRules: { smsIpPerDay: 10_000 } });
    const { token, userId } = await verifiedUser(a, '13700000020');
    const payeeId = await savePayee(a, token);
    await credit(a.deps, userId, 37 * 1000 + 999); // 37 withdrawals of 10 yuan, and 9.99 yuan left over
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        callApi(i % 2 ? a : b, calls.extract, {
          token,
          body: { amountFen: 1000, channel: 1, payeeId, idempotencyKey: `race-${i}-abcdef` },
        }),
      ),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(37);
    expect(codes.filter((c) => c === Code.InsufficientBalance)).toHaveLength(163);
    const { rows } = await a.deps.database.pool.query(`select kind, balance_fen from ledger_accounts where user_id = $1 order by kind`, [
      userId,
    ]);
    expect(rows).toEqual([
      { kind: 'user_available', balance_fen: 999 },
      { kind: 'user_held', balance_fen: 37_000 },
    ]);
    expect((await checkLedger(a.deps.database.db)).ok).toBe(true);
  });
});
