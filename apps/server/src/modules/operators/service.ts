import { hash, verify } from '@node-rs/argon2';
import { Code } from '@maika/shared';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { admins } from '../../db/schema';
import type { Deps } from '../../deps';
import { adminLoginBursts, adminLoginFailures } from '../../http/metrics';
import { AppError } from '../../http/envelope';
import { recordAudit } from '../audit';
import { acceptSecondFactor, SECOND_FACTOR_FAILURE_CAP, secondFactorRefusal, twoFactorRequired } from './twoFactorService';
import type { AccountChange, IssuedSetup } from './accountService';
import { keyedHash, newToken } from '../../lib/crypto';
import { clientNetwork } from '../../lib/network';
import { countAdmins, findAdminByUsername, insertAdmin, insertAdminSession, touchAdminLogin, type AdminRow } from './repo';

export const ADMIN_SESSION_TTL_MS = 12 * 3600_000;

export const adminTokenHash = (deps: Deps, token: string) => keyedHash(deps.config.appSecret, 'admin-token', token);

// A hash to compare against when the username is unknown, so timing does not reveal which usernames exist.
let decoyHash: Promise<string> | undefined;

/**
 * The login limiter's key: one counter per username per client network. The username is hashed
 * so the key has a fixed length and no separator it could forge; an IPv6 client counts by its /48,
 * since a site is often given a whole /48 and could otherwise try from a fresh /64 each time (an
 * operator rarely shares a /48 with someone failing logins on the same username).
 */
export const adminLoginLimitKey = (username: string, ip: string) =>
  `${clientNetwork(ip, 48)}|${createHash('sha256').update(username).digest('base64url')}`;

/** Failures on an account before its logins slow down, and the first delay after them. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 250;
/** Every this many failures in a row on one account, a warning is logged and a burst counted. */
export const LOGIN_BURST = 10;

/**
 * How long a login waits after `failures` failed ones on its account: nothing for the first few,
 * then doubling up to the cap. It slows a guesser spread over many addresses (the per-address
 * limit stops one address), yet never refuses: the real operator still gets in, a little later.
 */
export function loginDelayMs(failures: number, maxMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 20));
}

export interface LoginContext {
  ip: string;
  userAgent?: string | null;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export async function adminLogin(deps: Deps, username: string, password: string, ip: string | LoginContext, otp?: string) {
  const context: LoginContext = typeof ip === 'string' ? { ip } : ip;
  // Every attempt takes a point before the password is checked, so parallel guesses cannot slip
  // past the limit; a successful login gives its point back, so only failures add up.
  const limitKey = adminLoginLimitKey(username, context.ip);
  const wait = await deps.limits.adminLogin.take(limitKey);
  // The seconds in data too, so the console can count down without parsing the message.
  if (wait !== null) throw new AppError(Code.RateLimited, { seconds: wait }, { seconds: wait });
  const db = deps.database.db;
  const admin = await findAdminByUsername(db, username);
  const delay = loginDelayMs(admin?.failedLogins ?? 0, deps.limits.adminLoginDelayMaxMs);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  decoyHash ??= hash(randomBytes(16).toString('hex'));
  const valid = await verify(admin?.passwordHash ?? (await decoyHash), password);
  if (!admin || !valid) {
    if (admin) await countFailure(deps, admin, context);
    throw new AppError(Code.AdminLoginFailed);
  }
  if (admin.disabledAt) throw new AppError(Code.AdminDisabled);
  if (admin.totpSecret) {
    if (!otp) {
      // The right password is no failure; the console now asks for the code.
      await deps.limits.adminLogin.refund(limitKey);
      throw new AppError(Code.AdminOtpRequired, undefined, { otpRequired: true });
    }
    const verdict = await acceptSecondFactor(deps, admin.id, otp);
    if (verdict.kind !== 'accepted') {
      // A code refused unjudged under the lock taught the guesser nothing: no failure to count.
      if (verdict.kind === 'wrong') await countFailure(deps, admin, context);
      if (verdict.kind === 'wrong' && verdict.failures === SECOND_FACTOR_FAILURE_CAP) {
        context.log?.warn(
          { adminId: admin.id, username: admin.username, ip: context.ip },
          'operator second factor locked after wrong codes',
        );
      }
      throw secondFactorRefusal(verdict, Code.AdminOtpInvalid);
    }
  }
  await deps.limits.adminLogin.refund(limitKey);
  const enrolmentOnly = !admin.totpSecret && twoFactorRequired(admin.role);
  const token = newToken();
  await db.transaction(async (tx) => {
    await insertAdminSession(tx, {
      tokenHash: adminTokenHash(deps, token),
      adminId: admin.id,
      expiresAt: new Date(Date.now() + ADMIN_SESSION_TTL_MS),
      enrolmentOnly,
    });
    await touchAdminLogin(tx, admin.id);
    await recordAudit(tx, {
      adminId: admin.id,
      action: 'admin.login',
      ip: context.ip,
      userAgent: context.userAgent ?? null,
      input: { params: null, body: { username } },
      recorded: false,
    });
  });
  return { token, admin: toAdminProfile(admin, enrolmentOnly) };
}

async function countFailure(deps: Deps, admin: AdminRow, context: LoginContext): Promise<void> {
  const [row] = await deps.database.db
    .update(admins)
    .set({ failedLogins: sql`${admins.failedLogins} + 1` })
    .where(eq(admins.id, admin.id))
    .returning({ failedLogins: admins.failedLogins });
  adminLoginFailures.inc();
  if (row && row.failedLogins % LOGIN_BURST === 0) {
    adminLoginBursts.inc();
    context.log?.warn(
      { adminId: admin.id, username: admin.username, failedLogins: row.failedLogins, ip: context.ip },
      'burst of failed operator logins',
    );
  }
}

export function toAdminProfile(a: Pick<AdminRow, 'id' | 'username' | 'role' | 'totpSecret'>, enrolmentRequired: boolean) {
  return { id: a.id, username: a.username, role: a.role, twoFactorEnabled: a.totpSecret !== null, enrolmentRequired };
}

export const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * The demo's very first start has no operator: make one and show its password once. Production
 * makes none (server.ts): its first administrator is made at a terminal, `npm run admin -- create`.
 */
export async function ensureFirstAdmin(deps: Deps): Promise<{ username: string; password: string } | null> {
  if ((await countAdmins(deps.database.db)) > 0) return null;
  const password = generatePassword();
  // Instances started together on a new database race here; the one that inserts shows the password.
  const created = await insertAdmin(deps.database.db, { username: 'admin', role: 'admin', passwordHash: await hash(password) });
  return created ? { username: 'admin', password } : null;
}

export function toAdminAccount(a: AdminRow) {
  return {
    id: a.id,
    username: a.username,
    role: a.role,
    disabled: a.disabledAt !== null,
    twoFactorEnabled: a.totpSecret !== null,
    createdAt: a.createdAt.toISOString(),
    lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
  };
}

/** An account change as the API answers it. */
export function toAdminChange(change: AccountChange) {
  return {
    account: change.account ? toAdminAccount(change.account) : null,
    setup: change.setup ? toSetup(change.setup) : null,
    approvalId: change.approvalId,
  };
}

export const toSetup = (setup: IssuedSetup) => ({ ...setup, expiresAt: setup.expiresAt.toISOString() });
