/**
 * TOTP two-factor login for operators (RFC 6238 through otplib): enrolment with a QR code,
 * recovery codes shown once, a code never accepted twice, and a reset (accounts.ts).
 */
import { Code } from '@maika/shared';
import { and, eq, sql } from 'drizzle-orm';
import { generateSecret, generateURI, NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';
import type { Queryable, Tx } from '../../db/client';
import { adminSessions, admins, type AdminRole } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { decrypt, encrypt, keyedHash } from '../../lib/crypto';
import { recordAudit, type AdminAction } from '../audit';
import { findAdminById, type AdminRow } from './repo';

/** People who approve payouts or manage operators must use a second factor; others may. */
export const TWO_FACTOR_ROLES: readonly AdminRole[] = ['admin', 'finance'];
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Maika';
/** One step either side: a phone clock a little off still works. */
const TOLERANCE_SECONDS = 30;
// The TOTP strategy itself, whose answer names the time step a code belongs to (kept against replays).
const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });

export const twoFactorRequired = (role: AdminRole) => TWO_FACTOR_ROLES.includes(role);

const seal = (deps: Deps, secret: string) => encrypt(deps.config.dataEncryptionKey, secret).toString('base64');
const unseal = (deps: Deps, stored: string) => decrypt(deps.config.dataEncryptionKey, Buffer.from(stored, 'base64'));
const recoveryHash = (deps: Deps, code: string) =>
  keyedHash(deps.config.appSecret, 'admin-recovery', normalizeRecovery(code)).toString('base64');
/** Typed in any case, with or without the dash. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i to misread
function newRecoveryCode(): string {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

/** A new secret waiting for its first code; a second call replaces it (a lost QR code, a new phone). */
export async function startEnrolment(
  deps: Deps,
  adminId: number,
  audit?: AdminAction,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const admin = await findAdminById(deps.database.db, adminId);
  if (!admin) throw notFound('thing.admin');
  const secret = generateSecret();
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ totpPendingSecret: seal(deps, secret) })
      .where(eq(admins.id, adminId));
    await recordAudit(tx, audit);
  });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: admin.username, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/**
 * The first code proves the app holds the secret: two-factor login is on from now, the session
 * that enrolled may do everything its role may, and the recovery codes are answered this once.
 */
export async function confirmEnrolment(
  deps: Deps,
  adminId: number,
  sessionId: number,
  code: string,
  audit?: AdminAction,
): Promise<{ recoveryCodes: string[] }> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return deps.database.db.transaction(async (tx) => {
    const [admin] = await tx.select().from(admins).where(eq(admins.id, adminId)).for('update');
    if (!admin?.totpPendingSecret) throw new AppError(Code.AdminEnrolmentNotStarted);
    const secret = unseal(deps, admin.totpPendingSecret);
    const result = await totp.verify(code, { secret, epochTolerance: TOLERANCE_SECONDS });
    if (!result.valid) throw new AppError(Code.AdminOtpInvalid);
    await tx
      .update(admins)
      .set({
        totpSecret: admin.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastStep: result.timeStep,
        recoveryCodeHashes: recoveryCodes.map((c) => recoveryHash(deps, c)),
      })
      .where(eq(admins.id, adminId));
    await tx.update(adminSessions).set({ enrolmentOnly: false }).where(eq(adminSessions.id, sessionId));
    await recordAudit(tx, audit, { type: 'admin', id: adminId });
    return { recoveryCodes };
  });
}

/**
 * The second factor of a login: the current TOTP code, accepted once (its time step is kept and a
 * step not after it is refused, also under concurrent logins), or one unused recovery code, which
 * is then used up.
 */
export async function acceptSecondFactor(deps: Deps, db: Queryable, admin: AdminRow, otp: string): Promise<boolean> {
  const code = otp.trim();
  if (/^\d{6}$/.test(code)) {
    const result = await totp.verify(code, {
      secret: unseal(deps, admin.totpSecret!),
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: admin.totpLastStep ?? undefined,
    });
    if (!result.valid) return false;
    const taken = await db
      .update(admins)
      .set({ totpLastStep: result.timeStep })
      .where(and(eq(admins.id, admin.id), sql`(${admins.totpLastStep} is null or ${admins.totpLastStep} < ${result.timeStep})`))
      .returning({ id: admins.id });
    return taken.length === 1;
  }
  const hash = recoveryHash(deps, code);
  const used = await db
    .update(admins)
    .set({ recoveryCodeHashes: sql`array_remove(${admins.recoveryCodeHashes}, ${hash})` })
    .where(and(eq(admins.id, admin.id), sql`${hash} = any(${admins.recoveryCodeHashes})`))
    .returning({ id: admins.id });
  return used.length === 1;
}

/**
 * Turns an operator's two-factor login off (a lost phone and lost codes), in the caller's
 * transaction; an admin or finance operator enrols again at the next login. Who may do it, and
 * when a second administrator must approve, is accounts.ts's.
 */
export async function clearTwoFactor(tx: Tx, targetId: number): Promise<void> {
  await tx
    .update(admins)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] })
    .where(eq(admins.id, targetId));
}
