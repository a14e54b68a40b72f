import { Code, contract, type BodyOf } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { alipayPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { callApi } from '../../../test/callApi';
import { auditActions, consoleServer, expectRoleMatrix } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
beforeAll(async () => {
  ({ server, ops } = await consoleServer());
});

const alipay = { minFen: 1000, maxFen: 5_000_000, feeBp: 0, feeMinFen: 0, enabled: true, autoPayout: true };
const calls = contract.withdrawals;
// The console's language, as the console sends it.
const en = { 'accept-language': 'en-US' };
/** Bodies the server must refuse are sent too, so the body is whatever the test hands over. */
const put = (channel: number | string, body: unknown, token = ops.finance) =>
  callApi(server, calls.updateChannel, {
    token,
    params: { channel: channel as 1 | 2 | 3 },
    body: body as BodyOf<typeof calls.updateChannel>,
    headers: en,
  });
const channels = () => callApi(server, calls.adminChannels, { token: ops.admin, headers: en });

describe('admin withdrawal channels', () => {
  it('are open to finance and administrators only', async () => {
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'finance'],
      [
        ['GET', '/api/admin/withdrawalChannels'],
        ['PUT', '/api/admin/withdrawalChannels/1', { ...alipay, minFen: 0 }],
      ],
    );
  });

  it('list every channel with limits, fee and payout mode', async () => {
    const { data } = await channels();
    expect(data.list.map((c: { key: string }) => c.key)).toEqual(['alipay', 'wechat', 'bank']);
    expect(data.list[2]).toMatchObject({ channel: 3, feeBp: 10, feeMinFen: 200, autoPayout: false });
  });

  it('apply a change to new withdrawals at once and audit it with before and after', async () => {
    const changed = await put(1, { ...alipay, minFen: 2000, feeBp: 100, feeMinFen: 50 });
    expect(changed.data).toMatchObject({ channel: 1, minFen: 2000, feeBp: 100, feeMinFen: 50 });
    const { token, userId } = await verifiedUser(server, '13700000001');
    expect((await callApi(server, calls.channels, { token })).data.list[0]).toMatchObject({ minFen: 2000, feeBp: 100 });

    const payeeId = await savePayee(server, token, alipayPayee);
    await credit(server.deps, userId, 100_000);
    const small = await callApi(server, calls.extract, {
      token,
      body: { amountFen: 1500, channel: 1, payeeId, idempotencyKey: newKey() },
    });
    expect(small.code).toBe(Code.WithdrawalBelowMinimum);
    const ok = await callApi(server, calls.extract, {
      token,
      body: { amountFen: 10_000, channel: 1, payeeId, idempotencyKey: newKey() },
    });
    expect(ok.data.withdrawal).toMatchObject({ amountFen: 10_000, feeFen: 100 });

    const { rows } = await server.deps.database.pool.query(
      `select detail from audit_log where action = 'withdrawalChannel.update' order by id desc limit 1`,
    );
    expect(rows[0].detail.change).toMatchObject({ before: { minFen: 1000, feeBp: 0 }, after: { minFen: 2000, feeBp: 100 } });
    expect(await auditActions(server, 'withdrawalChannel', 1)).toEqual(['withdrawalChannel.update']);
    await put(1, alipay);
  });

  it('refuse a minimum above the maximum, a fee outside 0..10000 bp and an unknown channel, naming the field', async () => {
    expect(await put(1, { ...alipay, minFen: 6_000_000 })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'maxFen: must be at least the minimum (minFen)',
    });
    expect(await put(1, { ...alipay, feeBp: 10_001 })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'feeBp: must be 0 to 10000 basis points',
    });
    expect(await put(1, { ...alipay, feeBp: -1 })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'feeBp: must be 0 to 10000 basis points',
    });
    expect(await put(1, { ...alipay, minFen: 0 })).toMatchObject({ code: Code.InvalidInput, msg: 'minFen: must be more than 0' });
    expect(await put(1, { ...alipay, feeMinFen: 1.5 })).toMatchObject({
      code: Code.InvalidInput,
      msg: 'feeMinFen: must be a whole number of fen',
    });
    expect((await put(9, alipay)).code).toBe(Code.InvalidInput);
    expect((await put('bank', alipay)).code).toBe(Code.InvalidInput);
    const unchanged = (await channels()).data.list[0];
    expect(unchanged).toMatchObject({ minFen: 1000, maxFen: 5_000_000, feeBp: 0 });
  });

  it('refuse automatic payout on a channel no provider pays (bank cards)', async () => {
    const bank = { minFen: 5000, maxFen: 5_000_000, feeBp: 10, feeMinFen: 200, enabled: true };
    const refused = await put(3, { ...bank, autoPayout: true });
    expect(refused).toMatchObject({ code: Code.InvalidInput });
    expect(refused.msg).toMatch(/^autoPayout: needs an automatic payout provider/);
    expect((await put(3, { ...bank, autoPayout: false, enabled: false })).data).toMatchObject({ enabled: false, autoPayout: false });
    await put(3, { ...bank, autoPayout: false });
  });
});
