import { contract, WithdrawalStatus } from '@maika/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { adminRaw, operator } from '../../../test/console';
import {
  ALIPAY_TEST_APP_ID,
  alipayBusinessError,
  generateAlipayKeys,
  startAlipayGateway,
  type AlipayKeys,
} from '../../../test/fakes/alipayGateway';
import { closedAfterEach } from '../../../test/fakes/gateway';
import { createTestServer, type TestServer } from '../../../test/harness';
import { eventually, openWithdrawal } from '../../../test/moneyFixtures';

let keys: AlipayKeys;
beforeAll(() => {
  keys = generateAlipayKeys();
});
const gateway = closedAfterEach(() => startAlipayGateway({ appId: ALIPAY_TEST_APP_ID, keys }));

const calls = contract.withdrawals;
let phone = 13610000000;

/** A server that pays Alipay withdrawals through the fake gateway, which refuses every transfer with `subCode`. */
async function refusingAlipay(subCode: string, subMsg: string, code?: string): Promise<TestServer> {
  const fake = await gateway();
  fake.handle('alipay.fund.trans.uni.transfer', () => alipayBusinessError(subCode, subMsg, code));
  return createTestServer({
    payoutWorker: true,
    limitRules: { smsIpPerDay: 10_000 },
    env: {
      PAYOUT_PROVIDER_ALIPAY: 'alipay',
      ALIPAY_APP_ID: ALIPAY_TEST_APP_ID,
      ALIPAY_PRIVATE_KEY: keys.appPrivateKey,
      ALIPAY_PUBLIC_KEY: keys.alipayPublicKey,
      ALIPAY_GATEWAY: fake.gatewayUrl,
    },
  });
}

async function failedWithdrawal(server: TestServer): Promise<{ token: string; id: number }> {
  const { token, id } = await openWithdrawal(server, String((phone += 1)), { amountFen: 2000, balanceFen: 10_000 });
  await eventually(async () => {
    const { rows } = await server.deps.database.pool.query('select status from withdrawals where id = $1', [id]);
    return rows[0].status === WithdrawalStatus.PaymentFailed ? true : null;
  });
  return { token, id };
}

const recordReason = async (server: TestServer, token: string, lang: string) =>
  (await callApi(server, calls.records, { token, query: {}, headers: { lang } })).data.list[0]!.failReason;

describe('why a payout failed', () => {
  it('a payout refused by Alipay shows its reason in the reader’s language', async () => {
    const server = await refusingAlipay('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确');
    const { token, id } = await failedWithdrawal(server);

    expect(await recordReason(server, token, 'zh-CN')).toBe('支付宝账户与实名姓名不一致，请使用本人实名的支付宝账户');
    expect(await recordReason(server, token, 'en-US')).toBe(
      'The Alipay account does not match your real name; use an Alipay account in your own name',
    );
    const finance = await operator(server, 'finance');
    const detail = await callApi(server, calls.adminDetail, { token: finance, params: { id }, headers: { 'accept-language': 'en-US' } });
    expect(detail.data.failReason).toBe('The Alipay account does not match your real name; use an Alipay account in your own name');
    const csv = (await adminRaw(server, finance, 'GET', `/api/admin/export/withdrawals.csv?status=2`, undefined, 'zh-CN')).body;
    expect(csv).toContain('支付宝账户与实名姓名不一致，请使用本人实名的支付宝账户');
  });

  it('keeps what Alipay said when it refuses the request itself, in both languages', async () => {
    const server = await refusingAlipay('isv.invalid-app-id', '无效的AppID参数', '40002');
    const { token } = await failedWithdrawal(server);
    expect(await recordReason(server, token, 'zh-CN')).toBe('支付宝拒绝了转账：无效的AppID参数');
    expect(await recordReason(server, token, 'en-US')).toBe('Alipay refused the transfer: 无效的AppID参数');
  });

  it('a reason stored as Chinese text before reasons had keys reads in English once migrated, and others stay as typed', async () => {
    const server = await refusingAlipay('PAYEE_NOT_EXIST', '收款用户不存在');
    const stored = await failedWithdrawal(server);
    const typed = await failedWithdrawal(server);
    const pool = server.deps.database.pool;
    const asBefore = `update withdrawals set fail_reason = $2, fail_reason_key = null, fail_reason_params = null where id = $1`;
    await pool.query(asBefore, [stored.id, '支付宝转账失败：收款方账户状态异常，请核对收款账户后重新提现']);
    await pool.query(asBefore, [typed.id, '收款信息有误']);
    expect(await recordReason(server, stored.token, 'en-US')).toBe('支付宝转账失败：收款方账户状态异常，请核对收款账户后重新提现');

    for (const statement of backfill()) await pool.query(statement);

    expect(await recordReason(server, stored.token, 'en-US')).toBe(
      'Alipay could not complete the transfer (收款方账户状态异常); check the payee account and withdraw again',
    );
    expect(await recordReason(server, stored.token, 'zh-CN')).toBe('支付宝转账失败：收款方账户状态异常，请核对收款账户后重新提现');
    expect(await recordReason(server, typed.token, 'en-US')).toBe('收款信息有误');
  });
});

/** The row conversions of the migration that gave payout reasons their keys. */
function backfill(): string[] {
  const folder = fileURLToPath(new URL('../../../drizzle/', import.meta.url));
  const sql = readFileSync(`${folder}/${readdirSync(folder).find((name) => name.endsWith('_payout_reason_keys.sql'))}`, 'utf8');
  return sql
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--.*\n)?UPDATE/.test(s));
}
