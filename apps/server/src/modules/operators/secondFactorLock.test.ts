/**
 * Wrong second-factor codes on one operator account: judged one after another, ten in a row lock
 * the second factor, and the lock ends with time (the test clock) or a recovery code.
 */
import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestServer, testClock, type Body, type TestServer } from '../../../test/harness';
import { enrolOperator, totpCode } from '../../../test/twoFactor';
import { createAdmin } from '../../../test/console';
import { SECOND_FACTOR_FAILURE_CAP, SECOND_FACTOR_LOCK_MS } from './twoFactorService';

const PASSWORD = 'correct horse battery';
const clock = testClock();
let server: TestServer;
let logs: ReturnType<typeof captureLogs>;
let serial = 0;

beforeAll(async () => {
  logs = captureLogs();
  server = await createTestServer({ clock, logger: logs.logger, limitRules: { adminLoginDelayMaxMs: 0 } });
});

let address = 0;
/** Each login from an address of its own unless told, so the per-address limit stays out of the way. */
const login = (username: string, otp?: string, ip = `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`): Promise<Body> =>
  server.call('POST', '/api/admin/login', {
    body: { username, password: PASSWORD, ...(otp ? { otp } : {}) },
    ip,
    headers: { 'accept-language': 'en' },
  });

async function enrolled() {
  const username = `lock_${++serial}`;
  const { id } = await createAdmin(server.deps, username, 'finance', PASSWORD);
  return { id, username, ...(await enrolOperator(server, username, PASSWORD)) };
}

/** Six-digit codes the authenticator shows at no step the server would accept now. */
async function wrongCodes(secret: string, count: number): Promise<string[]> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((step) => totpCode(secret, step))));
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n += 1) if (!valid.has(String(n))) codes.push(String(n));
  return codes;
}

async function secondFactorState(id: number) {
  const { rows } = await server.deps.database.pool.query<{ failures: number; locked_until: Date | null; last_step: string | null }>(
    'select second_factor_failures as failures, second_factor_locked_until as locked_until, totp_last_step as last_step from admins where id = $1',
    [id],
  );
  return rows[0]!;
}

describe('wrong second-factor codes on one account', () => {
  it('judges at most ten of 40 parallel wrong codes from 40 addresses, then refuses even the right code unjudged', async () => {
    const op = await enrolled();
    const codes = await wrongCodes(op.secret, 40);
    const answers = await Promise.all(codes.map((code) => login(op.username, code)));

    const counts = new Map<number, number>();
    for (const { code } of answers) counts.set(code, (counts.get(code) ?? 0) + 1);
    // Nine are told the code is wrong, the tenth that it locked the second factor, and the rest are never judged.
    expect(Object.fromEntries(counts)).toEqual({ [Code.AdminOtpInvalid]: 9, [Code.AdminSecondFactorLocked]: 31 });
    const before = await secondFactorState(op.id);
    expect(before.failures).toBe(SECOND_FACTOR_FAILURE_CAP);
    expect(before.locked_until!.getTime()).toBe(clock.now() + SECOND_FACTOR_LOCK_MS);

    const right = await login(op.username, await totpCode(op.secret, 1));
    expect(right.code).toBe(Code.AdminSecondFactorLocked);
    expect(right.msg).toBe(
      'Too many wrong codes in a row, so two-factor login is locked for now: try again in 15 min, or sign in with a recovery code now',
    );
    expect(right.data.seconds).toBe(SECOND_FACTOR_LOCK_MS / 1000);
    // Refused unjudged: the code was not used up and counted nothing.
    expect(await secondFactorState(op.id)).toEqual(before);
    const warnings = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('operator second factor locked after wrong codes') && line.includes(op.username));
    expect(warnings).toHaveLength(1);
  });

  it('ends the lock after its time: the right code then logs in and clears the count', async () => {
    const op = await enrolled();
    for (const code of await wrongCodes(op.secret, SECOND_FACTOR_FAILURE_CAP)) await login(op.username, code);
    const code = await totpCode(op.secret, 1);
    clock.advance(SECOND_FACTOR_LOCK_MS - 1000);
    const stillLocked = await login(op.username, code);
    expect(stillLocked).toMatchObject({ code: Code.AdminSecondFactorLocked, data: { seconds: 1 } });
    expect(stillLocked.msg).toContain('try again in 1 min');
    clock.advance(1000);
    expect((await login(op.username, code)).code).toBe(200);
    expect(await secondFactorState(op.id)).toMatchObject({ failures: 0, locked_until: null });
  });

  it('gives ten more tries once a lock has run out, and locks again after them', async () => {
    const op = await enrolled();
    const codes = await wrongCodes(op.secret, 2 * SECOND_FACTOR_FAILURE_CAP);
    for (const code of codes.slice(0, SECOND_FACTOR_FAILURE_CAP)) await login(op.username, code);
    clock.advance(SECOND_FACTOR_LOCK_MS);
    const again = [];
    for (const code of codes.slice(SECOND_FACTOR_FAILURE_CAP)) again.push((await login(op.username, code)).code);
    expect(again).toEqual([...Array<number>(SECOND_FACTOR_FAILURE_CAP - 1).fill(Code.AdminOtpInvalid), Code.AdminSecondFactorLocked]);
    expect((await login(op.username, await totpCode(op.secret, 1))).code).toBe(Code.AdminSecondFactorLocked);
  });

  it('lets a recovery code in during the lock, which ends it', async () => {
    const op = await enrolled();
    for (const code of await wrongCodes(op.secret, SECOND_FACTOR_FAILURE_CAP)) await login(op.username, code);
    expect((await login(op.username, 'aaaaa-aaaaa')).code).toBe(Code.AdminSecondFactorLocked);
    expect((await login(op.username, op.recoveryCodes[0]!)).code).toBe(200);
    expect(await secondFactorState(op.id)).toMatchObject({ failures: 0, locked_until: null });
    expect((await login(op.username, await totpCode(op.secret, 1))).code).toBe(200);
  });

  it('counts wrong codes in a row only: a right code starts the count again', async () => {
    const op = await enrolled();
    const codes = await wrongCodes(op.secret, 2 * SECOND_FACTOR_FAILURE_CAP - 2);
    for (const code of codes.slice(0, SECOND_FACTOR_FAILURE_CAP - 1))
      expect((await login(op.username, code)).code).toBe(Code.AdminOtpInvalid);
    expect((await secondFactorState(op.id)).failures).toBe(SECOND_FACTOR_FAILURE_CAP - 1);
    expect((await login(op.username, await totpCode(op.secret, 1))).code).toBe(200);
    expect((await secondFactorState(op.id)).failures).toBe(0);
    for (const code of codes.slice(SECOND_FACTOR_FAILURE_CAP - 1)) expect((await login(op.username, code)).code).toBe(Code.AdminOtpInvalid);
  });
});
