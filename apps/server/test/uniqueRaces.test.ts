/**
 * Writes that meet a unique index when two requests race: each must answer a business code,
 * never a server error (harness `call` throws on any HTTP status but 200).
 */
import { CardStatus, Code, PayeeChannel } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './console';
import { findOrCreateUserByPhone } from '../src/modules/accounts';
import { createCardType, freshCard, submit, type CardTypeFixture } from './cardFixtures';
import { createTestServer, newKey, type TestServer } from './harness';
import { verifiedUser } from './moneyFixtures';

let server: TestServer;
let type: CardTypeFixture;
let phoneSeq = 0;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const nextPhone = () => `1390000${String((phoneSeq += 1)).padStart(4, '0')}`;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  server = await createTestServer({ env: { SMS_IP_DAILY_LIMIT: '100000', SMS_PHONE_DAILY_LIMIT: '1000' } });
  type = await createCardType(server);
});

/** A rejected copy of `card` in an order of the user's; the id of the card row. */
async function rejectedCopy(token: string, card: { cardNo: string; cardPwd: string }): Promise<number> {
  const submitted = await submit(server, token, type.id, [card]);
  expect(submitted.code).toBe(Code.Ok);
  const { rows } = await sql(`update cards set status = $1, reject_reason = 'issuer says used' where order_id = $2 returning id`, [
    CardStatus.Rejected,
    submitted.data.orderId,
  ]);
  return rows[0].id;
}

const appeal = (token: string, cardId: number, headers: Record<string, string> = en) =>
  server.call('POST', '/api/order/appeal', { token, body: { cardId, reason: 'the card was unused when I sent it' }, headers });

describe('appeal of a card whose twin is live', () => {
  it('refuses the appeal when another copy of the card is already back in play', async () => {
    const [alice, bob] = [await server.login(nextPhone()), await server.login(nextPhone())];
    const card = freshCard();
    const first = await rejectedCopy(alice, card);
    const second = await rejectedCopy(bob, card);
    expect((await appeal(alice, first)).code).toBe(Code.Ok);
    const refused = await appeal(bob, second);
    expect(refused).toMatchObject({
      code: Code.CardTwinLive,
      msg: 'This card is already being handled in another submission, so it cannot be appealed here',
    });
    expect((await appeal(bob, second, { 'accept-language': 'zh-CN' })).msg).toBe('这张卡已在另一笔提交中处理，不能在此申诉');
    const { rows } = await sql('select status, appealed_at from cards where id = $1', [second]);
    expect(rows[0]).toMatchObject({ status: CardStatus.Rejected, appealed_at: null });
  });

  it('lets exactly one of two simultaneous appeals of the same card through', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [alice, bob] = [await server.login(nextPhone()), await server.login(nextPhone())];
      const card = freshCard();
      const first = await rejectedCopy(alice, card);
      const second = await rejectedCopy(bob, card);
      const answers = await Promise.all([appeal(alice, first), appeal(bob, second)]);
      expect(answers.map((a) => a.code).sort()).toEqual([Code.Ok, Code.CardTwinLive].sort());
      const { rows } = await sql('select count(*)::int as n from cards where id = any($1) and status = $2', [
        [first, second],
        CardStatus.UnderAppeal,
      ]);
      expect(rows[0].n).toBe(1);
    }
  });
});

describe('card submission and resubmission', () => {
  it('lets one of two users submitting the same card at the same moment have it, and tells the other', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [alice, bob] = [await server.login(nextPhone()), await server.login(nextPhone())];
      const card = freshCard();
      const answers = await Promise.all([submit(server, alice, type.id, [card]), submit(server, bob, type.id, [card])]);
      const codes = answers.map((a) => a.code);
      expect(codes).toContain(Code.Ok);
      expect(codes.filter((c) => c !== Code.Ok)).toHaveLength(1);
      expect([Code.CardAlreadySubmitted, Code.CardBatchRejected]).toContain(codes.find((c) => c !== Code.Ok));
      const { rows } = await sql('select count(*)::int as n from cards where masked_no = $1 and status <> $2', [
        `${card.cardNo.slice(0, 3)}****${card.cardNo.slice(-4)}`,
        CardStatus.Rejected,
      ]);
      expect(rows[0].n).toBe(1);
    }
  });

  it('lets one of two users resubmitting a card rejected before have it, and tells the other', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, bob, carol] = [await server.login(nextPhone()), await server.login(nextPhone()), await server.login(nextPhone())];
      const card = freshCard();
      await rejectedCopy(first, card);
      const codes = (await Promise.all([submit(server, bob, type.id, [card]), submit(server, carol, type.id, [card])])).map((a) => a.code);
      expect(codes.filter((c) => c === Code.Ok)).toHaveLength(1);
      expect([Code.CardAlreadySubmitted, Code.CardBatchRejected]).toContain(codes.find((c) => c !== Code.Ok));
    }
  });
});

describe('payee save', () => {
  it('keeps one payee per channel when the same channel is saved twice at once, answering both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { token, userId } = await verifiedUser(server, nextPhone());
      const save = (account: string) =>
        server.call('POST', '/api/user/savePayee', { token, body: { channel: PayeeChannel.Alipay, account } });
      const answers = await Promise.all([save('13800138000'), save('alipay-user@example.com')]);
      expect(answers.map((a) => a.code)).toEqual([Code.Ok, Code.Ok]);
      const { rows } = await sql('select count(*)::int as n from payees where user_id = $1 and channel = $2', [
        userId,
        PayeeChannel.Alipay,
      ]);
      expect(rows[0].n).toBe(1);
    }
  });
});

describe('phone change', () => {
  it('answers a change to a number that a new account takes at the same moment with "phone taken"', async () => {
    const clearResendGap = () => sql(`delete from rate_limits where key like 'sms-interval:%'`);
    for (let round = 0; round < 5; round += 1) {
      const current = nextPhone();
      const token = await server.login(current);
      await clearResendGap();
      expect((await server.call('POST', '/api/user/getModifySms', { token, body: {} })).code).toBe(Code.Ok);
      const voucher = (await server.call('POST', '/api/user/getModifyVoucher', { token, body: { code: await server.latestCode(current) } }))
        .data.voucher as string;
      const wanted = nextPhone();
      await clearResendGap();
      expect((await server.call('POST', '/api/user/getModifySms', { token, body: { phone: wanted, voucher } })).code).toBe(Code.Ok);
      const modifyCode = await server.latestCode(wanted);
      await clearResendGap();
      expect((await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone: wanted } })).code).toBe(Code.Ok);
      const loginCode = await server.latestCode(wanted);

      const [changed, loggedIn] = await Promise.all([
        server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone: wanted, code: modifyCode } }),
        server.call('POST', '/api/Authentication/smsLogin', { body: { phone: wanted, code: loginCode } }),
      ]);
      expect([Code.Ok, Code.PhoneTaken]).toContain(changed.code);
      expect(loggedIn.code).toBe(Code.Ok);
      const { rows } = await sql('select count(*)::int as n from users where phone = $1', [wanted]);
      expect(rows[0].n).toBe(1);
    }
  });
});

describe('referral binding', () => {
  it('creates one account with one referrer when the same new phone signs up twice at once with different codes', async () => {
    const { rows: referrers } = await sql('select id, invite_code from users order by id limit 2');
    for (let round = 0; round < 5; round += 1) {
      const phone = nextPhone();
      const db = server.deps.database.db;
      const [a, b] = await Promise.all(referrers.map((r) => findOrCreateUserByPhone(server.deps, db, phone, r.invite_code)));
      expect(a!.id).toBe(b!.id);
      const { rows } = await sql('select count(*)::int as n, min(referrer_id) as referrer from users where phone = $1', [phone]);
      expect(rows[0].n).toBe(1);
      expect(referrers.map((r) => r.id)).toContain(rows[0].referrer);
    }
  });
});

describe('operator creation', () => {
  it('creates one operator when the same username is created twice at once, and tells the other it is taken', async () => {
    for (let round = 0; round < 3; round += 1) {
      const username = `racer${round}${newKey().slice(-6)}`;
      const outcomes = await Promise.allSettled([
        createAdmin(server.deps, username, 'reviewer', 'Passw0rd-race-1'),
        createAdmin(server.deps, username, 'finance', 'Passw0rd-race-2'),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
      expect(refused.reason).toMatchObject({ code: Code.AdminUsernameTaken });
      const { rows } = await sql('select count(*)::int as n from admins where username = $1', [username]);
      expect(rows[0].n).toBe(1);
    }
  });
});
