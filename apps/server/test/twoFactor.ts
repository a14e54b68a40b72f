/** Two-factor login in tests: the codes an authenticator app would show, and enrolment of a session. */
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import type { TestServer } from './harness';

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
const PERIOD = 30;

/** The code of the time step `stepOffset` steps from now (the server accepts one step either side). */
export function totpCode(secret: string, stepOffset = 0): Promise<string> {
  return totp.generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * PERIOD });
}

type Send = (method: 'POST', url: string, body?: unknown) => Promise<{ code: number; msg: string; data: any }>;

/** Turns two-factor login on through the API for a session that must enrol; answers the secret and the recovery codes. */
export async function enrolSession(send: Send): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await send('POST', '/api/admin/twoFactor/setup');
  if (setup.code !== 200) throw new Error(`twoFactor/setup ${setup.code}: ${setup.msg}`);
  const secret = setup.data.secret as string;
  const confirmed = await send('POST', '/api/admin/twoFactor/confirm', { code: await totpCode(secret) });
  if (confirmed.code !== 200) throw new Error(`twoFactor/confirm ${confirmed.code}: ${confirmed.msg}`);
  return { secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

/** Logs an operator in with the password and turns two-factor login on for that session, the operator's first. */
export async function enrolOperator(
  server: TestServer,
  username: string,
  password: string,
): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const login = await server.call('POST', '/api/admin/login', { body: { username, password } });
  if (login.code !== 200) throw new Error(`login ${login.code}: ${login.msg}`);
  const token = login.data.token as string;
  const send: Send = (method, url, body) => server.call(method, url, { body: body ?? {}, headers: { authorization: `Bearer ${token}` } });
  return { token, ...(await enrolSession(send)) };
}
