/** Operators' two-factor login in browser tests: the codes an authenticator app would show. */
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
const PERIOD = 30;
const lastStep = new Map<string, number>();

/**
 * A code the server has not seen for this secret: the server accepts a time step once and one step
 * either side of now, so after a code of the next step the following one waits for the clock.
 */
export async function nextCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / PERIOD);
    const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return totp.generate({ secret, epoch: step * PERIOD });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

type Send = (path: string, init: { admin: string; body: unknown }) => Promise<{ code: number; msg: string; data: any }>;

/** Turns on two-factor login for a session that must enrol, through the API; answers the secret. */
export async function enrolThroughApi(call: Send, token: string): Promise<string> {
  const setup = await call('/api/admin/twoFactor/setup', { admin: token, body: {} });
  if (setup.code !== 200) throw new Error(`twoFactor/setup ${setup.code}: ${setup.msg}`);
  const secret = setup.data.secret as string;
  const confirmed = await call('/api/admin/twoFactor/confirm', { admin: token, body: { code: await nextCode(secret) } });
  if (confirmed.code !== 200) throw new Error(`twoFactor/confirm ${confirmed.code}: ${confirmed.msg}`);
  return secret;
}
