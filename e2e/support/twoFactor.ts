/** Operators' two-factor login in browser tests: the codes an authenticator app would show. */
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
const PERIOD = 30;
const lastStep = new Map<string, number>();

/**
 * Time steps either side of now whose code the console's server accepts (TWO_FACTOR_WINDOW_STEPS,
 * which startAdminServer sets; production keeps one). Widening the window is what lets a journey
 * sign one operator in several times a minute: the server still takes each step once, so a code
 * stays single-use. Moving the clock instead is not open to a separate server process on the real
 * time, and would move every other expiry with it.
 */
export const codeWindowSteps = 20;

/**
 * A code of a time step the server has not seen for this secret, without waiting for the clock: the
 * current step first, then each code a step later than the one before, up to `codeWindowSteps`
 * ahead. A server started with startMobileServer keeps the window of one step; its journeys only
 * enrol (one code, of the current step).
 */
export async function nextCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / PERIOD);
  const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  if (step > now + codeWindowSteps)
    throw new Error(
      `nextCode: all ${codeWindowSteps + 1} codes from now to ${codeWindowSteps} steps ahead were used for this secret; ` +
        'raise codeWindowSteps in e2e/support/twoFactor.ts (at most 40) rather than waiting for the clock',
    );
  lastStep.set(secret, step);
  return totp.generate({ secret, epoch: step * PERIOD });
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
