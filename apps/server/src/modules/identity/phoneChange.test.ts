import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let seq = 0;
const newPhone = () => `137${String(10_000_000 + seq++).slice(-8)}`;

beforeAll(async () => {
  server = await createTestServer();
});

/** Tests send several codes to one phone; the 60 s resend gap has its own tests. */
const clearResendGap = () => server.deps.database.pool.query(`delete from rate_limits where key like 'sms-interval:%'`);

async function voucherFor(token: string, phone: string): Promise<string> {
  await clearResendGap();
  const sent = await server.call('POST', '/api/user/getModifySms', { token, body: {} });
  expect(sent).toMatchObject({ code: Code.Ok, data: { resendAfterSeconds: 60 } });
  const got = await server.call('GET', `/api/user/getModifyVoucher?code=${await server.latestCode(phone)}`, { token });
  expect(got).toMatchObject({ code: Code.Ok, data: { expiresInSeconds: 600 } });
  return got.data.voucher as string;
}

async function codeForNewPhone(token: string, phone: string): Promise<string> {
  await clearResendGap();
  const sent = await server.call('POST', '/api/user/getModifySms', { token, body: { phone } });
  expect(sent.code).toBe(Code.Ok);
  return server.latestCode(phone);
}

describe('changing the phone number', () => {
  it('voucher from the current phone + code to the new phone: changed, other sessions end, this one stays', async () => {
    const oldPhone = newPhone();
    const otherDevice = await server.login(oldPhone);
    const token = await server.login(oldPhone);
    const voucher = await voucherFor(token, oldPhone);
    const phone = newPhone();
    const code = await codeForNewPhone(token, phone);

    const changed = await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone, code } });

    expect(changed.code).toBe(Code.Ok);
    expect(changed.data.userinfo.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect((await server.call('GET', '/api/user/getInfo', { token })).code).toBe(Code.Ok);
    expect((await server.call('GET', '/api/user/getInfo', { token: otherDevice })).code).toBe(Code.TokenInvalid);
    // The voucher is single use.
    const code2 = await codeForNewPhone(token, newPhone());
    const reused = await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone: newPhone(), code: code2 } });
    expect(reused.code).toBe(Code.ModifyVoucherInvalid);
  });

  it('an expired voucher is refused without spending the new phone code', async () => {
    const oldPhone = newPhone();
    const token = await server.login(oldPhone);
    const voucher = await voucherFor(token, oldPhone);
    await server.deps.database.pool.query(`update phone_change_vouchers set expires_at = now() - interval '1 second'`);
    const phone = newPhone();
    const code = await codeForNewPhone(token, phone);
    expect((await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone, code } })).code).toBe(Code.ModifyVoucherInvalid);

    const fresh = await voucherFor(token, oldPhone);
    expect((await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher: fresh, phone, code } })).code).toBe(Code.Ok);
  });

  it("another user's voucher is refused", async () => {
    const ownerPhone = newPhone();
    const owner = await server.login(ownerPhone);
    const voucher = await voucherFor(owner, ownerPhone);
    const thief = await server.login(newPhone());
    const phone = newPhone();
    const code = await codeForNewPhone(thief, phone);
    expect((await server.call('POST', '/api/user/modifyPhone', { token: thief, body: { voucher, phone, code } })).code).toBe(Code.ModifyVoucherInvalid);
  });

  it('a phone used by another account, or the same phone, is refused', async () => {
    const takenPhone = newPhone();
    await server.login(takenPhone);
    const myPhone = newPhone();
    const token = await server.login(myPhone);
    expect((await server.call('POST', '/api/user/getModifySms', { token, body: { phone: takenPhone } })).code).toBe(Code.PhoneTaken);
    expect((await server.call('POST', '/api/user/getModifySms', { token, body: { phone: myPhone } })).code).toBe(Code.PhoneUnchanged);

    // Taken between the code and the change.
    const voucher = await voucherFor(token, myPhone);
    const phone = newPhone();
    const code = await codeForNewPhone(token, phone);
    await server.login(phone);
    expect((await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone, code } })).code).toBe(Code.PhoneTaken);
  });

  it('a wrong code for the voucher is refused and counted', async () => {
    const phone = newPhone();
    const token = await server.login(phone);
    await clearResendGap();
    await server.call('POST', '/api/user/getModifySms', { token, body: {} });
    const right = await server.latestCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const answer = await server.call('GET', `/api/user/getModifyVoucher?code=${wrong}`, { token });
    expect(answer.code).toBe(Code.SmsCodeWrong);
    // A login code is not a phone-change code.
    expect((await server.call('GET', `/api/user/getModifyVoucher?code=abc`, { token })).code).toBe(Code.InvalidInput);
  });
});
