import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import type { TestServer } from '../../../test/harness';
import { bankPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { adminCall, adminRaw, auditActions, consoleServer, expectRoleMatrix } from '../../../test/console';
import { csvCell, toCsv } from '../../lib/csv';

let server: TestServer;
let ops: Record<AdminRole, string>;
let type: CardTypeFixture;
beforeAll(async () => {
  ({ server, ops } = await consoleServer());
  type = await createCardType(server);
});

const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const BOM = '\uFEFF';

async function csv(token: string, url: string, locale = 'zh-CN') {
  const res = await adminRaw(server, token, 'GET', url, undefined, locale);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="\w+-\d{8}-\d{4}\.csv"$/);
  return res.body;
}

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks, and keep formulas from running', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+86 138')).toBe("'+86 138");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    const file = toCsv([{ header: { 'zh-CN': '名', 'en-US': 'Name' }, value: (r: string) => r }], ['x'], 'en-US');
    expect(file).toBe(`${BOM}Name\r\nx\r\n`);
  });
});

describe('admin exports', () => {
  it('follow the lists’ roles', async () => {
    await expectRoleMatrix(server, ops, ['admin', 'reviewer'], [['GET', '/api/admin/export/cards.csv']]);
    await expectRoleMatrix(server, ops, ['admin', 'finance'], [['GET', '/api/admin/export/withdrawals.csv']]);
    await expectRoleMatrix(server, ops, ['admin', 'support', 'finance'], [['GET', '/api/admin/export/users.csv']]);
  });

  it('users.csv: BOM, header in the reader’s language, a hostile nickname kept intact, audited with its filter', async () => {
    const { token, userId } = await verifiedUser(server, '13100000001');
    await server.call('POST', '/api/user/updateInfo', { token, body: { nickname: '张,"三"' } });
    await sql('update users set nickname = $1 where id = $2', ['张,"三"\n第二行', userId]);
    await credit(server.deps, userId, 123_450);

    const body = await csv(ops.support, '/api/admin/export/users.csv?phone=13100000001');
    expect(body.startsWith(`${BOM}用户ID,手机号,昵称,状态,已实名,推荐人ID,可用余额（元）,注册时间\r\n`)).toBe(true);
    const rows = body.slice(BOM.length).split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(
      new RegExp(`^${userId},13100000001,"张,""三""\\n第二行",正常,是,,1234\\.50,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`),
    );
    expect(rows[2]).toBe('');

    const en = await csv(ops.finance, '/api/admin/export/users.csv?phone=13100000001&verified=true', 'en-US');
    expect(en).toContain('User id,Phone,Nickname,Status,Verified');
    expect(en).toContain(',Active,yes,');
    const none = await csv(ops.admin, '/api/admin/export/users.csv?phone=13100000001&verified=false');
    expect(none.slice(BOM.length).split('\r\n')).toHaveLength(2);

    const { rows: audit } = await sql(
      `select detail from audit_log where action = 'export.users' and detail->'change'->'filter'->>'phone' = '13100000001' order by id`,
    );
    expect(audit.map((r) => r.detail.change)).toEqual([
      { filter: { phone: '13100000001' }, rows: 1 },
      { filter: { phone: '13100000001', verified: true }, rows: 1 },
      { filter: { phone: '13100000001', verified: false }, rows: 0 },
    ]);
  });

  it('cards.csv: masked numbers only, yuan amounts, filtered by userId like the list', async () => {
    const { token, userId } = await verifiedUser(server, '13100000002');
    const cards = [freshCard(), freshCard()];
    await submit(server, token, type.id, cards);
    const other = await verifiedUser(server, '13100000003');
    await submit(server, other.token, type.id, [freshCard()]);

    const body = await csv(ops.reviewer, `/api/admin/export/cards.csv?userId=${userId}`);
    for (const card of cards) {
      expect(body).not.toContain(card.cardNo);
      expect(body).not.toContain(card.cardPwd);
    }
    const lines = body.slice(BOM.length).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',100.00,');
    expect(lines[1]).toMatch(/,\d{3}\*{4}\d{4},/);
    const listed = await adminCall(server, ops.reviewer, 'GET', `/api/admin/cards?userId=${userId}`);
    expect(listed.data.total).toBe(2);
    expect(listed.data.list.every((c: { userId: number }) => c.userId === userId)).toBe(true);
    expect(await auditActions(server, 'export', 'cards')).toContain('export.cards');
  });

  it('withdrawals.csv: masked payee, amount and fee in yuan, filtered by userId like the list', async () => {
    const { token, userId } = await verifiedUser(server, '13100000004');
    await credit(server.deps, userId, 500_000);
    const payeeId = await savePayee(server, token, bankPayee);
    const made = await server.call('POST', '/api/cash/extract', {
      token,
      body: { amountFen: 123_456, channel: 3, payeeId, idempotencyKey: newKey() },
    });
    expect(made.code).toBe(200);

    const body = await csv(ops.finance, `/api/admin/export/withdrawals.csv?userId=${userId}`);
    expect(body).not.toContain('6222021234567894');
    const lines = body.slice(BOM.length).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${userId},13100000004,银行卡,`);
    expect(lines[1]).toContain(',1234.56,');
    const listed = await adminCall(server, ops.finance, 'GET', `/api/admin/withdrawals?userId=${userId}`);
    expect(listed.data.list.map((w: { id: number }) => w.id)).toEqual([made.data.withdrawal.id]);
  });

  it('name every column in the operator’s language, and say yes or no in it', async () => {
    const { userId } = await verifiedUser(server, '13100000016');
    const headerOf = async (token: string, url: string, locale: string) =>
      (await csv(token, url, locale)).slice(BOM.length).split('\r\n')[0];
    const none = 'userId=999999';

    expect(await headerOf(ops.reviewer, `/api/admin/export/cards.csv?${none}`, 'en-US')).toBe(
      'Card id,Order no.,User id,Phone,Card type,Card no. (masked),Declared value (yuan),Actual value (yuan),Settlement (yuan),Status,Settlement,Reject reason,Submitted at,Reviewed at',
    );
    expect(await headerOf(ops.reviewer, `/api/admin/export/cards.csv?${none}`, 'zh-CN')).toBe(
      '卡ID,订单号,用户ID,手机号,卡种,卡号（脱敏）,申报面值（元）,实际面值（元）,结算金额（元）,状态,结算状态,驳回原因,提交时间,审核时间',
    );
    expect(await headerOf(ops.finance, `/api/admin/export/withdrawals.csv?${none}`, 'en-US')).toBe(
      'Withdrawal id,Order no.,User id,Phone,Channel,Payee (masked),Account (masked),Amount (yuan),Fee (yuan),Status,Failure reason,Requested at,Paid at',
    );
    expect(await headerOf(ops.finance, `/api/admin/export/withdrawals.csv?${none}`, 'zh-CN')).toBe(
      '提现ID,提现单号,用户ID,手机号,渠道,收款人（脱敏）,收款账号（脱敏）,提现金额（元）,手续费（元）,状态,失败原因,申请时间,打款时间',
    );

    const users = async (locale: string) =>
      (await csv(ops.admin, `/api/admin/export/users.csv?phone=13100000016`, locale)).slice(BOM.length).split('\r\n');
    const [enHeader, enRow] = await users('en-US');
    expect(enHeader).toBe('User id,Phone,Nickname,Status,Verified,Referrer id,Available (yuan),Joined at');
    expect(enRow).toMatch(new RegExp(`^${userId},13100000016,[^,]*,Active,yes,`));
    const [zhHeader, zhRow] = await users('zh-CN');
    expect(zhHeader).toBe('用户ID,手机号,昵称,状态,已实名,推荐人ID,可用余额（元）,注册时间');
    expect(zhRow).toMatch(new RegExp(`^${userId},13100000016,[^,]*,正常,是,`));

    await server.login('13100000017');
    const unverified = async (locale: string) =>
      (await csv(ops.admin, '/api/admin/export/users.csv?phone=13100000017', locale)).slice(BOM.length).split('\r\n')[1];
    expect(await unverified('en-US')).toMatch(/,Active,no,/);
    expect(await unverified('zh-CN')).toMatch(/,正常,否,/);
  });

  it('refuse bad filters and an export larger than the limit, without a 500', async () => {
    const bad = await adminCall(server, ops.admin, 'GET', '/api/admin/export/withdrawals.csv?status=42');
    expect(bad.code).toBe(Code.InvalidInput);
    await sql(
      `insert into users (phone, nickname, invite_code) select '19' || lpad(g::text, 9, '0'), 'bulk', 'BULK' || g from generate_series(1, 50001) g`,
    );
    const audited = (await auditActions(server, 'export', 'users')).length;
    const tooMany = await adminCall(server, ops.admin, 'GET', '/api/admin/export/users.csv?phone=19');
    expect(tooMany.code).toBe(Code.ExportTooLarge);
    expect(tooMany.msg).toContain('50001');
    expect(await auditActions(server, 'export', 'users')).toHaveLength(audited);
  });

  it('list referees by referrerId', async () => {
    const referrer = await verifiedUser(server, '13100000005');
    const invite = (await server.call('GET', '/api/user/getInfo', { token: referrer.token })).data.userinfo.inviteCode as string;
    await server.login('13100000006', { p: invite });
    const listed = await adminCall(server, ops.admin, 'GET', `/api/admin/referrals?referrerId=${referrer.userId}`);
    expect(listed.data).toMatchObject({ total: 1, list: [{ referrerId: referrer.userId, refereePhone: '13100000006' }] });
  });
});
