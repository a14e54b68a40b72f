import { Code, contract, MerchantStatus, pathOf } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createCardType, type CardTypeFixture } from '../../../test/cardFixtures';
import { adminCall, auditActions, consoleServer, expectRoleMatrix } from '../../../test/console';
import type { AdminRole } from '../../db/schema';
import type { TestServer } from '../../../test/harness';

let server: TestServer;
let ops: Record<AdminRole, string>;
let type: CardTypeFixture;
let phoneSeq = 0;

beforeAll(async () => {
  ({ server, ops } = await consoleServer());
  type = await createCardType(server);
});

/** A seller who applied: their token and the merchant's id. */
async function applicant(): Promise<{ token: string; id: number }> {
  const token = await server.login(`1330000${String((phoneSeq += 1)).padStart(4, '0')}`);
  const applied = await callApi(server, contract.merchants.apply, {
    token,
    body: { name: '  Star Cards Ltd ', contact: 'Ms Wang 13300000000', monthlyVolume: 20_000 },
  });
  expect(applied).toMatchObject({ code: Code.Ok, data: { status: MerchantStatus.Waiting } });
  const profile = await callApi(server, contract.merchants.profile, { token });
  expect(profile.data).toMatchObject({ status: MerchantStatus.Waiting, name: 'Star Cards Ltd', keys: [] });
  const list = await adminCall(server, ops.finance, 'GET', `${pathOf(contract.merchants.adminList)}?status=0&name=Star`);
  const id = (list.data.list as { id: number; userId: number }[])[0]!.id;
  return { token, id };
}

const act = (token: string, call: 'approve' | 'refuse' | 'suspend' | 'reinstate', id: number, body?: object) =>
  adminCall(server, token, 'POST', pathOf(contract.merchants[call], { id }), body);

describe('merchants in the console', () => {
  it('are decided by finance and administrators, read by support too', async () => {
    const unknown = 999_999;
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'finance'],
      [
        ['POST', pathOf(contract.merchants.approve, { id: unknown })],
        ['POST', pathOf(contract.merchants.refuse, { id: unknown }), { reason: 'no' }],
        ['POST', pathOf(contract.merchants.suspend, { id: unknown }), { reason: 'no' }],
        ['POST', pathOf(contract.merchants.reinstate, { id: unknown })],
        ['POST', pathOf(contract.merchants.saveRates, { id: unknown }), { rates: [] }],
      ],
    );
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'finance', 'support'],
      [
        ['GET', pathOf(contract.merchants.adminList)],
        ['GET', pathOf(contract.merchants.adminDetail, { id: unknown })],
        ['GET', pathOf(contract.merchants.rates, { id: unknown })],
        ['GET', pathOf(contract.merchants.adminCallbacks, { id: unknown })],
        ['POST', pathOf(contract.merchants.adminResendCallback, { id: unknown }), { merchantOrderNo: 'A-1' }],
      ],
    );
  });

  it('approve or refuse only a waiting application, suspend only an approved merchant, each audited', async () => {
    const a = await applicant();
    const keyTooSoon = await callApi(server, contract.merchants.createKey, { token: a.token, headers: { 'accept-language': 'en-US' } });
    expect(keyTooSoon).toMatchObject({ code: Code.MerchantNotApproved, msg: expect.stringContaining('Waiting for review') });
    expect((await act(ops.finance, 'suspend', a.id, { reason: 'not yet' })).code).toBe(Code.MerchantStatusConflict);
    const approved = await act(ops.finance, 'approve', a.id);
    expect(approved).toMatchObject({ code: Code.Ok, data: { status: MerchantStatus.Approved, decidedBy: expect.any(String) } });
    const twice = await act(ops.admin, 'approve', a.id);
    expect(twice).toMatchObject({
      code: Code.MerchantStatusConflict,
      msg: 'This merchant is "Approved", so it cannot be approved; reload to see its current state',
      data: { status: MerchantStatus.Approved },
    });
    expect((await act(ops.finance, 'refuse', a.id, { reason: 'too late' })).code).toBe(Code.MerchantStatusConflict);
    expect((await act(ops.finance, 'reinstate', a.id)).code).toBe(Code.MerchantStatusConflict);
    expect((await callApi(server, contract.merchants.createKey, { token: a.token })).code).toBe(Code.Ok);
    const suspended = await act(ops.finance, 'suspend', a.id, { reason: 'too many rejected cards' });
    expect(suspended).toMatchObject({ data: { status: MerchantStatus.Suspended, reason: 'too many rejected cards', activeKeys: 1 } });
    expect((await act(ops.finance, 'reinstate', a.id)).data).toMatchObject({ status: MerchantStatus.Approved, reason: null });
    expect(await auditActions(server, 'merchant', a.id)).toEqual(['merchant.approve', 'merchant.suspend', 'merchant.reinstate']);
  });

  it('refuse with a reason the applicant reads, who may then apply again', async () => {
    const a = await applicant();
    const noReason = await act(ops.finance, 'refuse', a.id, {});
    expect(noReason).toMatchObject({ code: Code.InvalidInput, data: { field: 'reason' } });
    expect((await act(ops.finance, 'refuse', a.id, { reason: 'send a business licence first' })).data.status).toBe(MerchantStatus.Refused);
    const profile = await callApi(server, contract.merchants.profile, { token: a.token });
    expect(profile.data).toMatchObject({ status: MerchantStatus.Refused, reason: 'send a business licence first' });
    const again = await callApi(server, contract.merchants.apply, {
      token: a.token,
      body: { name: 'Star Cards Ltd', contact: 'Ms Wang', monthlyVolume: 30_000 },
    });
    expect(again.data.status).toBe(MerchantStatus.Waiting);
    const waitingAgain = await callApi(server, contract.merchants.apply, {
      token: a.token,
      body: { name: 'Star Cards Ltd', contact: 'Ms Wang', monthlyVolume: 30_000 },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(waitingAgain).toMatchObject({ code: Code.MerchantAlreadyApplied, msg: '您已提交过商户申请，当前为“待审核”，无需重复申请' });
    expect(await auditActions(server, 'merchant', a.id)).toEqual(['merchant.refuse']);
  });

  it("set a merchant's own rates per card type and face value, falling back to the public rate, audited", async () => {
    const a = await applicant();
    await act(ops.finance, 'approve', a.id);
    const ratesPath = pathOf(contract.merchants.saveRates, { id: a.id });
    const saved = await adminCall(server, ops.finance, 'POST', ratesPath, {
      rates: [
        { goodsId: type.id, faceValueFen: 10_000, rateBp: 9800 },
        { goodsId: type.id, faceValueFen: 5_000, rateBp: 9100 },
      ],
    });
    const mine = (saved.data.list as { goodsId: number }[]).filter((r) => r.goodsId === type.id);
    expect(mine).toEqual([
      { goodsId: type.id, goodsName: expect.any(String), faceValueFen: 5_000, publicRateBp: 9000, rateBp: 9100 },
      { goodsId: type.id, goodsName: expect.any(String), faceValueFen: 10_000, publicRateBp: 9500, rateBp: 9800 },
      { goodsId: type.id, goodsName: expect.any(String), faceValueFen: 20_000, publicRateBp: 9600, rateBp: null },
    ]);
    const back = await adminCall(server, ops.finance, 'POST', ratesPath, {
      rates: [{ goodsId: type.id, faceValueFen: 5_000, rateBp: null }],
    });
    expect(
      (back.data.list as { goodsId: number; faceValueFen: number; rateBp: number | null }[]).find(
        (r) => r.goodsId === type.id && r.faceValueFen === 5_000,
      )!.rateBp,
    ).toBeNull();
    const unknownValue = await adminCall(server, ops.finance, 'POST', ratesPath, {
      rates: [
        { goodsId: type.id, faceValueFen: 10_000, rateBp: 9900 },
        { goodsId: type.id, faceValueFen: 7_700, rateBp: 9000 },
      ],
    });
    expect(unknownValue).toMatchObject({ code: Code.MerchantRateFaceValueUnknown, msg: expect.stringContaining('¥77.00') });
    // Refused whole: the first row was not saved either.
    const read = await adminCall(server, ops.support, 'GET', pathOf(contract.merchants.rates, { id: a.id }));
    expect(
      (read.data.list as { goodsId: number; faceValueFen: number; rateBp: number | null }[]).find(
        (r) => r.goodsId === type.id && r.faceValueFen === 10_000,
      )!.rateBp,
    ).toBe(9800);
    const zero = await adminCall(server, ops.finance, 'POST', ratesPath, {
      rates: [{ goodsId: type.id, faceValueFen: 10_000, rateBp: 0 }],
    });
    expect(zero).toMatchObject({ code: Code.InvalidInput, msg: expect.stringContaining('must be 1 to 10000 basis points') });
    expect(await auditActions(server, 'merchant', a.id)).toEqual(['merchant.approve', 'merchant.rates', 'merchant.rates']);
  });

  it('show one merchant with its keys, never their secrets, and list merchants by status', async () => {
    const a = await applicant();
    await act(ops.finance, 'approve', a.id);
    const key = await callApi(server, contract.merchants.createKey, { token: a.token });
    const detail = await adminCall(server, ops.support, 'GET', pathOf(contract.merchants.adminDetail, { id: a.id }));
    expect(detail.data).toMatchObject({
      id: a.id,
      status: MerchantStatus.Approved,
      activeKeys: 1,
      keys: [{ keyId: key.data.keyId, revoked: false }],
    });
    expect(JSON.stringify(detail)).not.toContain(key.data.secret);
    const { rows } = await server.deps.database.pool.query('select secret_enc from merchant_api_keys where key_id = $1', [key.data.keyId]);
    expect(rows[0].secret_enc.toString('latin1')).not.toContain(key.data.secret);
    const approved = await adminCall(server, ops.support, 'GET', `${pathOf(contract.merchants.adminList)}?status=1&pageSize=100`);
    expect((approved.data.list as { id: number; status: number }[]).every((m) => m.status === MerchantStatus.Approved)).toBe(true);
    expect((approved.data.list as { id: number }[]).map((m) => m.id)).toContain(a.id);
  });
});
