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
  const got = await server.call('POST', '/api/user/getModifyVoucher', { token, body: { code: await server.latestCode(phone) } });
  expect(got).toMatchObject({ code: Code.Ok, data: { expiresInSeconds: 600 } });
  return got.data.voucher as string;
}

async function codeForNewPhone(token: string, phone: string, voucher: string): Promise<string> {
  await clearResendGap();
  const sent = await server.call('POST', '/api/user/getModifySms', { token, body: { phone, voucher } });
  expect(sent.code).toBe(Code.Ok);
  return server.latestCode(phone);
}

describe('changing the phone number', () => {
  it('voucher from the current phone + code to the new phone: changed, other sessions end, this one stays', async () => {
    const oldPhone = newPhone();
    const otherDevice = await server.login(oldPhone);
    const token = await server.login(oldPhone);
    // Kept in memory before the change: the change itself must make it stop.
    expect((await server.call('GET', '/api/user/getInfo', { token: otherDevice })).code).toBe(Code.Ok);
    const voucher = await voucherFor(token, oldPhone);
    const phone = newPhone();
    const code = await codeForNewPhone(token, phone, voucher);

    const changed = await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone, code } });

    expect(changed.code).toBe(Code.Ok);
    expect(changed.data.userinfo.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect((await server.call('GET', '/api/user/getInfo', { token })).code).toBe(Code.Ok);
    expect((await server.call('GET', '/api/user/getInfo', { token: otherDevice })).code).toBe(Code.TokenInvalid);
    // The voucher is single use.
    const next = newPhone();
    await clearResendGap();
    expect((await server.call('POST', '/api/user/getModifySms', { token, body: { phone: next, voucher } })).code).toBe(
      Code.ModifyVoucherInvalid,
    );
    const reused = await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone: next, code: '123456' } });
    expect(reused.code).toBe(Code.ModifyVoucherInvalid);
  });

  it('an expired voucher is refused without spending the new phone code', async () => {
    const oldPhone = newPhone();
    const token = await server.login(oldPhone);
    const voucher = await voucherFor(token, oldPhone);
    const phone = newPhone();
    const code = await codeForNewPhone(token, phone, voucher);
    await server.deps.database.pool.query(`update phone_change_vouchers set expires_at = now() - interval '1 second'`);
    expect((await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone, code } })).code).toBe(
      Code.ModifyVoucherInvalid,
    );

    const fresh = await voucherFor(token, oldPhone);
    expect((await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher: fresh, phone, code } })).code).toBe(Code.Ok);
  });

  it("another user's voucher is refused", async () => {
    const ownerPhone = newPhone();
    const owner = await server.login(ownerPhone);
    const voucher = await voucherFor(owner, ownerPhone);
    const thiefPhone = newPhone();
    const thief = await server.login(thiefPhone);
    const phone = newPhone();
    await clearResendGap();
    expect((await server.call('POST', '/api/user/getModifySms', { token: thief, body: { phone, voucher } })).code).toBe(
      Code.ModifyVoucherInvalid,
    );
    const code = await codeForNewPhone(thief, phone, await voucherFor(thief, thiefPhone));
    expect((await server.call('POST', '/api/user/modifyPhone', { token: thief, body: { voucher, phone, code } })).code).toBe(
      Code.ModifyVoucherInvalid,
    );
  });

  it('answers a code request the same whether the new phone is registered or not', async () => {
    const takenPhone = newPhone();
    await server.login(takenPhone);
    const freePhone = newPhone();
    const myPhone = newPhone();
    const token = await server.login(myPhone);
    const voucher = await voucherFor(token, myPhone);

    await clearResendGap();
    const toTaken = await server.call('POST', '/api/user/getModifySms', { token, body: { phone: takenPhone, voucher } });
    await clearResendGap();
    const toFree = await server.call('POST', '/api/user/getModifySms', { token, body: { phone: freePhone, voucher } });

    expect(toTaken).toEqual(toFree);
    expect(toTaken.code).toBe(Code.Ok);
    await clearResendGap();
    expect((await server.call('POST', '/api/user/getModifySms', { token, body: { phone: myPhone, voucher } })).code).toBe(
      Code.PhoneUnchanged,
    );
  });

  it('refuses a code to a new phone without a voucher, before any number is looked at', async () => {
    const takenPhone = newPhone();
    await server.login(takenPhone);
    const token = await server.login(newPhone());
    const before = await server.deps.database.pool.query('select count(*)::int as n from sms_outbox where phone = $1', [takenPhone]);

    const answer = await server.call('POST', '/api/user/getModifySms', { token, body: { phone: takenPhone } });

    expect(answer.code).toBe(Code.InvalidInput);
    expect(answer.msg).toContain('voucher');
    const after = await server.deps.database.pool.query('select count(*)::int as n from sms_outbox where phone = $1', [takenPhone]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("tells that a phone belongs to another account only after that phone's code is proven", async () => {
    const takenPhone = newPhone();
    await server.login(takenPhone);
    const myPhone = newPhone();
    const token = await server.login(myPhone);
    const voucher = await voucherFor(token, myPhone);
    const code = await codeForNewPhone(token, takenPhone, voucher);

    // A guessed code is told it is wrong, exactly as for a free number.
    const wrong = code === '000000' ? '111111' : '000000';
    const guessed = await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone: takenPhone, code: wrong } });
    expect(guessed.code).toBe(Code.SmsCodeWrong);
    const proven = await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone: takenPhone, code } });
    expect(proven.code).toBe(Code.PhoneTaken);

    // The voucher was not spent: another number can follow.
    const phone = newPhone();
    const next = await server.call('POST', '/api/user/modifyPhone', {
      token,
      body: { voucher, phone, code: await codeForNewPhone(token, phone, voucher) },
    });
    expect(next.code).toBe(Code.Ok);
  });

  it('a phone taken between its code and the change is refused', async () => {
    const myPhone = newPhone();
    const token = await server.login(myPhone);
    const voucher = await voucherFor(token, myPhone);
    const phone = newPhone();
    const code = await codeForNewPhone(token, phone, voucher);
    await server.login(phone);
    expect((await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher, phone, code } })).code).toBe(Code.PhoneTaken);
  });

  it('limits each user to 20 phone-change calls an hour', async () => {
    const phone = newPhone();
    const token = await server.login(phone);
    const other = await server.login(newPhone());
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      answers.push((await server.call('POST', '/api/user/getModifyVoucher', { token, body: { code: '000000' } })).code);
    }
    expect(answers.slice(0, 20)).not.toContain(Code.PhoneChangeTooOften);
    expect(answers[20]).toBe(Code.PhoneChangeTooOften);
    expect(
      (await server.call('POST', '/api/user/modifyPhone', { token, body: { voucher: 'x', phone: newPhone(), code: '123456' } })).code,
    ).toBe(Code.PhoneChangeTooOften);
    // Another user is not affected.
    expect((await server.call('POST', '/api/user/getModifyVoucher', { token: other, body: { code: '000000' } })).code).not.toBe(
      Code.PhoneChangeTooOften,
    );
  });

  it('takes the voucher code only in a POST body, never in a URL', async () => {
    const token = await server.login(newPhone());
    const inUrl = await server.app.inject({
      method: 'GET',
      url: '/api/user/getModifyVoucher?code=123456',
      headers: { uuid: 'test-device-0001', token },
    });
    expect(inUrl.json().code).toBe(Code.NotFound);
  });

  it('a wrong code for the voucher is refused and counted', async () => {
    const phone = newPhone();
    const token = await server.login(phone);
    await clearResendGap();
    await server.call('POST', '/api/user/getModifySms', { token, body: {} });
    const right = await server.latestCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const answer = await server.call('POST', '/api/user/getModifyVoucher', { token, body: { code: wrong } });
    expect(answer.code).toBe(Code.SmsCodeWrong);
    expect((await server.call('POST', '/api/user/getModifyVoucher', { token, body: { code: 'abc' } })).code).toBe(Code.InvalidInput);
  });
});
