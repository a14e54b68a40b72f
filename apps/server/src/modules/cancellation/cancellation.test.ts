import { Code, FeedbackCategory, MessageType } from '@maika/shared';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, eventually, newKey, type TestServer } from '../../../test/harness';
import { channelsOn, miniProgramUser, record, sampleEvent } from '../../../test/messageFixtures';
import { alipayPayee, credit, savePayee, verifiedUser } from '../../../test/moneyFixtures';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ payoutWorker: true, limitRules: { smsIpPerDay: 10_000 } });
});
const query = async (sql: string, params: unknown[] = []) => (await server.deps.database.pool.query(sql, params)).rows;
const count = async (sql: string, params: unknown[]) => (await query(`select count(*)::int as n from ${sql}`, params))[0].n as number;

async function upload(token: string, purpose: 'avatar' | 'feedback'): Promise<string> {
  const form = new FormData();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/file/upload?purpose=${purpose}`,
    headers: { uuid: 'test-device-0001', token },
    payload: form,
  });
  return res.json().data.path as string;
}

/** A user who verified their name, saved a payee, was paid out, uploaded and wrote feedback: everything cancellation must sort out. */
async function busyUser(phone: string) {
  const { token, userId } = await verifiedUser(server, phone);
  await query(
    `insert into face_certifications (user_id, provider, outer_order_no, certify_id, name_enc, id_num_enc, id_num_hash, status, certify_url)
     values ($1, 'sim', $2, $2, '\\x01', '\\x02', $3, 'passed', 'http://sim')`,
    [userId, `face-${userId}`, Buffer.from(`hash-${userId}`)],
  );
  await query(`insert into face_sim_sessions (certify_id, name_masked, outcome) values ($1, '*三丰', 'passed')`, [`face-${userId}`]);
  const payeeId = await savePayee(server, token, alipayPayee);
  await credit(server.deps, userId, 2000);
  const withdrawn = await server.call('POST', '/api/cash/extract', {
    token,
    body: { amountFen: 2000, channel: 1, payeeId, idempotencyKey: newKey() },
  });
  expect(withdrawn.code).toBe(Code.Ok);
  const avatar = await upload(token, 'avatar');
  await server.call('POST', '/api/user/updateInfo', { token, body: { avatar } });
  const shot = await upload(token, 'feedback');
  await server.call('POST', '/api/feedback/add', {
    token,
    body: { category: FeedbackCategory.Other, content: 'hello', images: [shot], contact: 'wx_me' },
  });
  await server.call('POST', '/api/user/getModifySms', { token, body: {} });
  await server.call('POST', '/api/user/getModifyVoucher', { token, body: { code: await server.latestCode(phone) } });
  return { token, userId, avatar, shot };
}

describe('cancelling an account', () => {
  it('deletes payees, face verifications, SMS codes and outbox lines, sessions, vouchers, feedback and uploads with their files', async () => {
    const phone = '13760000001';
    const me = await busyUser(phone);
    const other = await busyUser('13760000002');

    await eventually(async () => (await server.call('GET', '/api/Authentication/cancel', { token: me.token })).code === Code.Ok);

    const id = [me.userId];
    expect(await count('payees where user_id = $1', id)).toBe(0);
    expect(await count('face_certifications where user_id = $1', id)).toBe(0);
    expect(await count('face_sim_sessions where certify_id = $1', [`face-${me.userId}`])).toBe(0);
    expect(await count('sms_codes where phone = $1', [phone])).toBe(0);
    expect(await count('sms_outbox where phone = $1', [phone])).toBe(0);
    expect(await count('tokens where user_id = $1', id)).toBe(0);
    expect(await count('phone_change_vouchers where user_id = $1', id)).toBe(0);
    expect(await count('feedback where user_id = $1', id)).toBe(0);
    expect(await count('uploads where user_id = $1', id)).toBe(0);
    const dataDir = server.deps.config.dataDir;
    expect(existsSync(join(dataDir, me.avatar))).toBe(false);
    expect(existsSync(join(dataDir, 'private-uploads', me.shot.replace('/private/', '')))).toBe(false);
    expect((await server.call('GET', '/api/user/getInfo', { token: me.token })).code).toBe(Code.TokenInvalid);

    // Nothing of anyone else's.
    const them = [other.userId];
    expect(await count('payees where user_id = $1', them)).toBe(1);
    expect(await count('face_certifications where user_id = $1', them)).toBe(1);
    expect(await count('uploads where user_id = $1', them)).toBe(2);
    expect(await count('feedback where user_id = $1', them)).toBe(1);
    expect(await count('sms_outbox where phone = $1', ['13760000002'])).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, other.avatar))).toBe(true);
  });

  it("deletes the user's messages with their deliveries, message choices and subscribe consents, and no one else's", async () => {
    await channelsOn(server.deps);
    const withMessages = async (phone: string) => {
      const user = await miniProgramUser(server, 'weapp', phone);
      await server.call('POST', '/api/message/subscribe', {
        token: user.token,
        body: { platform: 'weapp', accepted: ['weapp_withdrawalPaid'] },
      });
      await server.call('POST', '/api/message/subscribe', {
        token: user.token,
        body: { platform: 'weapp', accepted: ['weapp_orderDecided'] },
      });
      await server.call('POST', '/api/message/settings', {
        token: user.token,
        body: { list: [{ type: MessageType.OrderDecided, sms: true, miniProgram: true }] },
      });
      await record(server.deps, sampleEvent(user.userId, 'withdrawalPaid', 'withdrawal:1'));
      await record(server.deps, sampleEvent(user.userId, 'balanceAdjusted', 'adjustment:1'));
      return user;
    };
    const me = await withMessages('13760000011');
    const other = await withMessages('13760000012');
    const deliveries = `message_deliveries d join messages m on m.id = d.message_id where m.user_id = $1`;
    expect(await count(deliveries, [me.userId])).toBe(2);

    await eventually(async () => (await server.call('GET', '/api/Authentication/cancel', { token: me.token })).code === Code.Ok);

    expect(await count('messages where user_id = $1', [me.userId])).toBe(0);
    expect(await count(deliveries, [me.userId])).toBe(0);
    expect(await count('message_preferences where user_id = $1', [me.userId])).toBe(0);
    expect(await count('subscribe_consents where user_id = $1', [me.userId])).toBe(0);
    expect(await count('messages where user_id = $1', [other.userId])).toBe(2);
    expect(await count(deliveries, [other.userId])).toBe(2);
    expect(await count('message_preferences where user_id = $1', [other.userId])).toBe(1);
    expect(await count('subscribe_consents where user_id = $1', [other.userId])).toBe(2);
  });

  it('keeps the withdrawals and the ledger, tied to the anonymised user', async () => {
    const me = await busyUser('13760000003');
    await eventually(async () => (await server.call('GET', '/api/Authentication/cancel', { token: me.token })).code === Code.Ok);

    const [user] = await query('select phone, nickname, status, id_num_enc from users where id = $1', [me.userId]);
    expect(user).toEqual({ phone: null, nickname: '已注销用户', status: 'cancelled', id_num_enc: null });
    const withdrawals = await query('select amount_fen, payee_id, payee_account_masked from withdrawals where user_id = $1', [me.userId]);
    expect(withdrawals).toEqual([{ amount_fen: 2000, payee_id: null, payee_account_masked: '138****8000' }]);
    expect(await count('ledger_accounts where user_id = $1', [me.userId])).toBeGreaterThan(0);
    const [moved] = await query(
      `select count(*)::int as n from ledger_transfers t join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id) where a.user_id = $1`,
      [me.userId],
    );
    expect(moved.n).toBeGreaterThan(0);
  });
});
