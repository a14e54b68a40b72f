import { Code, OtpRules } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestServer, testClock, type TestServer } from '../../../test/harness';
import type { Database } from '../../db/client';
import type { SmsProvider } from '../../providers/sms';

const en = { 'accept-language': 'en' };

/** Any 6 digits other than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const sendSms = (s: TestServer, phone: string, ip?: string) =>
  s.call('POST', '/api/Authentication/getLoginSms', { body: { phone }, ip, headers: en });

const smsLogin = (s: TestServer, phone: string, code: string) =>
  s.call('POST', '/api/Authentication/smsLogin', { body: { phone, code }, headers: en });

/** An SMS gateway that fails every send; `hold` keeps the next send in flight until released. */
function failingGateway() {
  let held: { entered: () => void; release: Promise<void> } | null = null;
  const provider: SmsProvider = {
    name: 'failing',
    async send() {
      if (held) {
        const h = held;
        held = null;
        h.entered();
        await h.release;
      }
      throw new Error('gateway down');
    },
  };
  const hold = () => {
    let release!: () => void;
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    held = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
    return { inFlight, release };
  };
  return { provider, hold };
}

// The default 60 s resend interval; daily caps raised so that only the tests of the caps meet them.
const roomy = { smsPhonePerDay: 100, smsIpPerDay: 1000 };

const intervalMs = OtpRules.resendIntervalSeconds * 1000;

let server: TestServer;
let twin: TestServer;
let failing: TestServer;
const gateway = failingGateway();
// One clock for the three instances, as if they shared the machine's.
const clock = testClock();
let database: Database;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  server = await createTestServer({ database, limitRules: roomy, clock });
  twin = await createTestServer({ database, limitRules: roomy, clock });
  failing = await createTestServer({ database, limitRules: roomy, clock, sms: gateway.provider });
});

const forgetResendInterval = (phone: string) =>
  server.deps.database.pool.query(`delete from rate_limits where key like 'sms-interval:%' || $1`, [phone]);

async function freshCode(phone: string, ip?: string): Promise<string> {
  await forgetResendInterval(phone);
  const sent = await sendSms(server, phone, ip);
  expect(sent.code).toBe(Code.Ok);
  return server.latestCode(phone);
}

describe('an SMS code', () => {
  it('is 6 digits, sent through the outbox, and logs the phone in', async () => {
    const sent = await sendSms(server, '13500000001');
    expect(sent).toMatchObject({ code: Code.Ok, data: { resendAfterSeconds: OtpRules.resendIntervalSeconds } });
    const code = await server.latestCode('13500000001');
    expect(code).toMatch(new RegExp(`^\\d{${OtpRules.length}}$`));
    const res = await smsLogin(server, '13500000001', code);
    expect(res.code).toBe(Code.Ok);
    expect(res.data.userinfo.phone).toBe('135****0001');
  });

  it('is stored only as a keyed hash', async () => {
    const code = await freshCode('13500000002');
    const { rows } = await server.deps.database.pool.query(`select code_hash from sms_codes where phone = $1 order by id desc limit 1`, [
      '13500000002',
    ]);
    expect(rows[0].code_hash).toHaveLength(32);
    expect(rows[0].code_hash.toString('latin1')).not.toContain(code);
  });

  it('still logs in a second before its 5 minutes are over', async () => {
    const code = await freshCode('13500000009');
    clock.advance(OtpRules.ttlSeconds * 1000 - 1000);
    expect((await smsLogin(server, '13500000009', code)).code).toBe(Code.Ok);
  });

  it('is refused once its 5 minutes are over', async () => {
    const code = await freshCode('13500000003');
    clock.advance(OtpRules.ttlSeconds * 1000);
    const res = await smsLogin(server, '13500000003', code);
    expect(res).toMatchObject({ code: Code.SmsCodeExpired, msg: 'The code has expired or was already used; request a new one' });
  });

  it('works only once', async () => {
    const code = await freshCode('13500000004');
    expect((await smsLogin(server, '13500000004', code)).code).toBe(Code.Ok);
    expect((await smsLogin(server, '13500000004', code)).code).toBe(Code.SmsCodeExpired);
  });

  it('logs in only one of two concurrent logins that both send it', async () => {
    const code = await freshCode('13500000005');
    const results = await Promise.all([smsLogin(server, '13500000005', code), smsLogin(server, '13500000005', code)]);
    expect(results.map((r) => r.code).sort((x, y) => x - y)).toEqual([Code.Ok, Code.SmsCodeExpired]);
  });

  it('is refused when none was ever sent to the phone', async () => {
    const res = await smsLogin(server, '13500000006', '123456');
    expect(res.code).toBe(Code.SmsCodeExpired);
  });

  it('is tied to its phone', async () => {
    const code = await freshCode('13500000007');
    const other = await freshCode('13500000008');
    // The two phones' codes could be equal (one chance in a million); only then may it pass.
    if (other !== code) expect((await smsLogin(server, '13500000008', code)).code).toBe(Code.SmsCodeWrong);
  });
});

describe('wrong tries', () => {
  it('say how many tries are left, and the 5th locks the code even against the right digits', async () => {
    const phone = '13500000101';
    const code = await freshCode(phone);
    for (const left of [4, 3, 2, 1]) {
      const res = await smsLogin(server, phone, wrongCode(code));
      expect(res).toMatchObject({ code: Code.SmsCodeWrong, msg: `The code is wrong; ${left} tries left` });
    }
    const fifth = await smsLogin(server, phone, wrongCode(code));
    expect(fifth).toMatchObject({ code: Code.SmsCodeLocked, msg: 'Too many wrong codes; request a new one' });
    expect((await smsLogin(server, phone, wrongCode(code))).code).toBe(Code.SmsCodeLocked);
    expect((await smsLogin(server, phone, code)).code).toBe(Code.SmsCodeLocked);

    const next = await freshCode(phone);
    expect((await smsLogin(server, phone, next)).code).toBe(Code.Ok);
  });

  it('tell the tries left in Chinese by default', async () => {
    const code = await freshCode('13500000102');
    const res = await server.call('POST', '/api/Authentication/smsLogin', { body: { phone: '13500000102', code: wrongCode(code) } });
    expect(res).toMatchObject({ code: Code.SmsCodeWrong, msg: '验证码错误，还可尝试4次' });
  });

  it('count at most 5 even when 10 arrive at once', async () => {
    const phone = '13500000103';
    const code = await freshCode(phone);
    const results = await Promise.all(Array.from({ length: 10 }, () => smsLogin(server, phone, wrongCode(code))));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === Code.SmsCodeWrong)).toHaveLength(OtpRules.maxWrongAttempts - 1);
    expect(codes.filter((c) => c === Code.SmsCodeLocked)).toHaveLength(10 - (OtpRules.maxWrongAttempts - 1));
    const { rows } = await server.deps.database.pool.query(
      'select failed_attempts from sms_codes where phone = $1 order by id desc limit 1',
      [phone],
    );
    expect(rows[0].failed_attempts).toBe(OtpRules.maxWrongAttempts);
    expect((await smsLogin(server, phone, code)).code).toBe(Code.SmsCodeLocked);
  });

  it('are counted against the code, not forgiven by a right guess on the way', async () => {
    const phone = '13500000104';
    const code = await freshCode(phone);
    expect((await smsLogin(server, phone, wrongCode(code))).code).toBe(Code.SmsCodeWrong);
    expect((await smsLogin(server, phone, code)).code).toBe(Code.Ok);
    // The used code is gone: it neither logs in again nor counts further tries.
    expect((await smsLogin(server, phone, wrongCode(code))).code).toBe(Code.SmsCodeExpired);
  });
});

describe('a resend', () => {
  it('leaves only the newest code working', async () => {
    const phone = '13500000201';
    const first = await freshCode(phone);
    let second = await freshCode(phone);
    while (second === first) second = await freshCode(phone); // one chance in a million
    const old = await smsLogin(server, phone, first);
    expect(old.code).toBe(Code.SmsCodeWrong);
    expect((await smsLogin(server, phone, second)).code).toBe(Code.Ok);
    // Once the newest is used, the older one does not come back to life.
    expect((await smsLogin(server, phone, first)).code).toBe(Code.SmsCodeExpired);
  });

  it('within 60 s is refused with the seconds to wait, sends nothing and spends no daily allowance', async () => {
    const phone = '13500000202';
    expect((await sendSms(server, phone)).code).toBe(Code.Ok);
    const again = await sendSms(server, phone);
    expect(again.code).toBe(Code.SmsTooSoon);
    const seconds = Number(/another in (\d+) s$/.exec(again.msg)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(OtpRules.resendIntervalSeconds);

    const zh = await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone } });
    expect(zh.msg).toMatch(/^验证码已发送，请\d+秒后再获取$/);

    const { rows: outbox } = await server.deps.database.pool.query('select 1 from sms_outbox where phone = $1', [phone]);
    expect(outbox).toHaveLength(1);
    const { rows: counter } = await server.deps.database.pool.query(`select points from rate_limits where key = 'sms-phone-day:' || $1`, [
      phone,
    ]);
    expect(counter[0].points).toBe(1);
  });

  it('is allowed again once 60 s have passed, not a second before', async () => {
    const phone = '13500000206';
    expect((await sendSms(server, phone)).code).toBe(Code.Ok);
    clock.advance(intervalMs - 1000);
    expect((await sendSms(twin, phone)).code).toBe(Code.SmsTooSoon);
    clock.advance(1000);
    expect((await sendSms(twin, phone)).code).toBe(Code.Ok);
  });

  it('within 60 s is refused by another server instance too', async () => {
    expect((await sendSms(server, '13500000205', '10.1.1.1')).code).toBe(Code.Ok);
    expect((await sendSms(twin, '13500000205', '10.1.1.2')).code).toBe(Code.SmsTooSoon);
  });

  it('is timed per phone, so another phone on the same network is not held up', async () => {
    expect((await sendSms(server, '13500000203', '10.1.0.1')).code).toBe(Code.Ok);
    expect((await sendSms(server, '13500000204', '10.1.0.1')).code).toBe(Code.Ok);
  });
});

describe('an SMS gateway failure', () => {
  it('answers 1107 and leaves the resend interval free', async () => {
    const phone = '13500000301';
    const res = await failing.call('POST', '/api/Authentication/getLoginSms', { body: { phone } });
    expect(res).toMatchObject({ code: Code.SmsSendFailed, msg: '短信发送失败，请稍后重试' });
    // Straight away, on another instance with a working gateway: not 1101.
    expect((await sendSms(server, phone)).code).toBe(Code.Ok);
    expect((await smsLogin(server, phone, await server.latestCode(phone))).code).toBe(Code.Ok);
  });

  it('on a resend keeps the code the user already received working', async () => {
    const phone = '13500000302';
    const delivered = await freshCode(phone);
    await forgetResendInterval(phone);
    expect((await sendSms(failing, phone)).code).toBe(Code.SmsSendFailed);
    expect((await smsLogin(server, phone, delivered)).code).toBe(Code.Ok);
  });

  it('frees the interval even when another request was refused while the send was in flight', async () => {
    const phone = '13500000303';
    const { inFlight, release } = gateway.hold();
    const first = sendSms(failing, phone);
    await inFlight;
    expect((await sendSms(server, phone)).code).toBe(Code.SmsTooSoon);
    release();
    expect((await first).code).toBe(Code.SmsSendFailed);
    expect((await sendSms(server, phone)).code).toBe(Code.Ok);
  });
});

describe('daily caps, across two server instances on one database', () => {
  // Small caps so the tests reach them quickly; the 60 s interval passes on the shared clock.
  const rules = { smsPhonePerDay: 3, smsIpPerDay: 3 };
  const time = testClock();
  let a: TestServer;
  let b: TestServer;
  let slow: TestServer;
  beforeAll(async () => {
    const { database } = await createTestDatabase();
    a = await createTestServer({ database, limitRules: rules, clock: time });
    b = await createTestServer({ database, limitRules: rules, clock: time });
    slow = await createTestServer({
      database,
      limitRules: rules,
      clock: time,
      sms: {
        name: 'slow-failing',
        send: async () => {
          time.advance(intervalMs + 1000); // the gateway answers only after the interval has run out
          throw new Error('gateway timed out');
        },
      },
    });
  });
  const pastInterval = () => time.advance(intervalMs);
  const alternate = (i: number) => (i % 2 === 0 ? a : b);

  it('stop a phone after its daily cap, whichever instance and network it asks through', async () => {
    const phone = '13600000002';
    for (let i = 0; i < 3; i++) {
      if (i > 0) pastInterval();
      expect((await sendSms(alternate(i), phone, `10.3.0.${i + 1}`)).code).toBe(Code.Ok);
    }
    pastInterval();
    const refused = await sendSms(alternate(3), phone, '10.3.0.9');
    expect(refused).toMatchObject({ code: Code.SmsPhoneDailyLimit, msg: 'This phone has had too many codes today; try again tomorrow' });
    // The refusal is the real reason every time, not "a code was just sent".
    expect((await sendSms(alternate(4), phone, '10.3.0.10')).code).toBe(Code.SmsPhoneDailyLimit);
    const { rows } = await a.deps.database.pool.query('select 1 from sms_outbox where phone = $1', [phone]);
    expect(rows).toHaveLength(3);
  });

  it('stop a network after its daily cap, whichever instance it asks through', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 3; i++) {
      expect((await sendSms(alternate(i), `1360000010${i}`, ip)).code).toBe(Code.Ok);
    }
    const refused = await sendSms(alternate(3), '13600000109', ip);
    expect(refused).toMatchObject({
      code: Code.SmsIpDailyLimit,
      msg: 'Too many codes were requested from this network today; try again tomorrow',
    });
    const zh = await b.call('POST', '/api/Authentication/getLoginSms', { body: { phone: '13600000108' }, ip });
    expect(zh.msg).toBe('当前网络今日获取验证码次数已达上限，请明天再试');
  });

  it('do not let a network refusal eat the phone allowance or start its resend interval', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 3; i++) expect((await sendSms(alternate(i), `1360000020${i}`, ip)).code).toBe(Code.Ok);
    const phone = '13600000209';
    for (let i = 0; i < 4; i++) expect((await sendSms(alternate(i), phone, ip)).code).toBe(Code.SmsIpDailyLimit);
    // Straight away from another network (no 1101), and then the phone's full 3.
    for (let i = 0; i < 3; i++) {
      if (i > 0) pastInterval();
      expect((await sendSms(alternate(i), phone, `10.5.1.${i}`)).code).toBe(Code.Ok);
    }
    pastInterval();
    expect((await sendSms(a, phone, '10.5.1.9')).code).toBe(Code.SmsPhoneDailyLimit);
  });

  it('do not let a phone refusal eat the network allowance', async () => {
    const phone = '13600000301';
    for (let i = 0; i < 3; i++) {
      if (i > 0) pastInterval();
      expect((await sendSms(alternate(i), phone, `10.6.0.${i}`)).code).toBe(Code.Ok);
    }
    pastInterval();
    const ip = '10.6.1.1';
    expect((await sendSms(a, phone, ip)).code).toBe(Code.SmsPhoneDailyLimit);
    expect((await sendSms(b, phone, ip)).code).toBe(Code.SmsPhoneDailyLimit);
    for (let i = 0; i < 3; i++) expect((await sendSms(alternate(i), `1360000031${i}`, ip)).code).toBe(Code.Ok);
    expect((await sendSms(a, '13600000319', ip)).code).toBe(Code.SmsIpDailyLimit);
  });

  it('are not handed a spare point by a gateway failure that outlasts the interval', async () => {
    const phone = '13600000401';
    expect((await sendSms(slow, phone, '10.7.0.1')).code).toBe(Code.SmsSendFailed);
    // The interval the failed send took has already run out, so there is nothing to give back.
    expect((await sendSms(a, phone, '10.7.0.2')).code).toBe(Code.Ok);
    expect((await sendSms(b, phone, '10.7.0.3')).code).toBe(Code.SmsTooSoon);
  });
});

describe('the default daily caps', () => {
  const time = testClock();
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await createTestServer({ database, clock: time });
  });

  it(`give a phone ${OtpRules.dailyCapPerPhone} codes a day, then more the next day`, async () => {
    const phone = '13600000501';
    for (let i = 0; i < OtpRules.dailyCapPerPhone; i++) {
      expect((await sendSms(fresh, phone, `10.8.0.${i}`)).code).toBe(Code.Ok);
      time.advance(intervalMs);
    }
    expect((await sendSms(fresh, phone, '10.8.1.1')).code).toBe(Code.SmsPhoneDailyLimit);
    time.advance(86_400_000);
    expect((await sendSms(fresh, phone, '10.8.1.1')).code).toBe(Code.Ok);
  });

  it(`give a network ${OtpRules.dailyCapPerIp} codes a day`, async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < OtpRules.dailyCapPerIp; i++) {
      expect((await sendSms(fresh, `136000006${String(i).padStart(2, '0')}`, ip)).code).toBe(Code.Ok);
    }
    expect((await sendSms(fresh, '13600000699', ip)).code).toBe(Code.SmsIpDailyLimit);
  });
});

describe('login input', () => {
  it('names a code that is not 6 digits', async () => {
    const res = await smsLogin(server, '13500000501', '12345');
    expect(res).toMatchObject({
      code: Code.InvalidInput,
      data: { field: 'code' },
      msg: 'code: must be the 6-digit code from the text message',
    });
  });

  it('names a missing code', async () => {
    const res = await server.call('POST', '/api/Authentication/smsLogin', { body: { phone: '13500000501' } });
    expect(res).toMatchObject({ code: Code.InvalidInput, data: { field: 'code' }, msg: 'code：必填' });
  });

  it('names a malformed referral code', async () => {
    const res = await server.call('GET', '/api/Authentication/getToken?p=no!', { headers: en });
    expect(res).toMatchObject({ code: Code.InvalidInput, data: { field: 'p' } });
  });

  it('refuses to send or log in without the uuid device header', async () => {
    const send = await server.app.inject({
      method: 'POST',
      url: '/api/Authentication/getLoginSms',
      payload: { phone: '13500000502' },
    });
    expect(send.json().code).toBe(Code.DeviceIdRequired);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/Authentication/smsLogin',
      payload: { phone: '13500000502', code: '123456' },
    });
    expect(login.json().code).toBe(Code.DeviceIdRequired);
  });
});
