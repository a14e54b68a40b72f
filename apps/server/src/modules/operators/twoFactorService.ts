/**
 * TOTP two-factor login for operators (RFC 6238 through otplib): enrolment with a QR code,
 * recovery codes shown once, a code never accepted twice, a lock after ten wrong codes in a row,
 * and a reset (accountService.ts).
 */
import { Code, TOTP_CODE_PATTERN } from '@maika/shared';
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
import { findAdminById, lockAdmin, revokeAdminSessions, type AdminRow } from './repo';

/** People who approve payouts or manage operators must use a second factor; others may. */
export const TWO_FACTOR_ROLES: readonly AdminRole[] = ['admin', 'finance'];
export const RECOVERY_CODE_COUNT = 10;
/** Wrong second factors in a row before an account's second factor locks, and how long it stays locked. */
export const SECOND_FACTOR_FAILURE_CAP = 10;
export const SECOND_FACTOR_LOCK_MS = 15 * 60_000;
const ISSUER = 'Maika';
/** otplib's time step: what every authenticator app uses. */
const PERIOD_SECONDS = 30;
// The TOTP strategy itself, whose answer names the time step a code belongs to (kept against replays).
const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });

export const twoFactorRequired = (role: AdminRole) => TWO_FACTOR_ROLES.includes(role);

const seal = (deps: Deps, secret: string) => encrypt(deps.config.dataEncryptionKey, secret).toString('base64');
/** How far from now a code may be (TWO_FACTOR_WINDOW_STEPS, one step either side in production). */
const tolerance = (deps: Deps) => deps.config.TWO_FACTOR_WINDOW_STEPS * PERIOD_SECONDS;
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
 * An operator who has it on already (a new phone) proves the old one too, with `currentCode` (a code
 * of the current app or a recovery code), judged and counted as a login's second factor is; the
 * operator's other sessions then end, as one of them may be why the secret is changed.
 */
export async function confirmEnrolment(
  deps: Deps,
  adminId: number,
  sessionId: number,
  codes: { code: string; currentCode?: string },
  audit?: AdminAction,
): Promise<{ recoveryCodes: string[] }> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const outcome = await deps.database.db.transaction(async (tx) => {
    const admin = await lockAdmin(tx, adminId);
    if (!admin?.totpPendingSecret) throw new AppError(Code.AdminEnrolmentNotStarted);
    const secret = unseal(deps, admin.totpPendingSecret);
    const result = await totp.verify(codes.code, { secret, epochTolerance: tolerance(deps) });
    if (!result.valid) throw new AppError(Code.AdminOtpInvalid);
    const reenrolment = admin.totpSecret !== null;
    if (reenrolment) {
      if (!codes.currentCode) throw new AppError(Code.AdminCurrentCodeRequired);
      // Returned, not thrown: a wrong current code must still be counted when the transaction commits.
      const verdict = await judgeSecondFactor(deps, tx, admin, codes.currentCode);
      if (verdict.kind !== 'accepted') return verdict;
    }
    await tx
      .update(admins)
      .set({
        totpSecret: admin.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastStep: result.timeStep,
        recoveryCodeHashes: recoveryCodes.map((c) => recoveryHash(deps, c)),
        // Wrong codes for a secret that is gone (reset by another administrator) count no more.
        secondFactorFailures: 0,
        secondFactorLockedUntil: null,
      })
      .where(eq(admins.id, adminId));
    await tx.update(adminSessions).set({ enrolmentOnly: false }).where(eq(adminSessions.id, sessionId));
    if (reenrolment) await revokeAdminSessions(tx, adminId, sessionId);
    await recordAudit(tx, audit, { type: 'admin', id: adminId });
    return { kind: 'enrolled' as const };
  });
  if (outcome.kind !== 'enrolled') throw secondFactorRefusal(outcome, Code.AdminCurrentCodeInvalid);
  return { recoveryCodes };
}

/**
 * What judging a second factor came to: accepted; wrong (`lockedSeconds`: how long the second
 * factor stays locked after it, null when it is not); or not judged, the second factor being locked.
 */
export type SecondFactorVerdict =
  { kind: 'accepted' } | { kind: 'wrong'; failures: number; lockedSeconds: number | null } | { kind: 'locked'; seconds: number };

/** The error a refused second factor answers: the lock and how long it lasts, or `wrong`. */
export function secondFactorRefusal(verdict: Exclude<SecondFactorVerdict, { kind: 'accepted' }>, wrong: Code): AppError {
  const seconds = verdict.kind === 'locked' ? verdict.seconds : verdict.lockedSeconds;
  if (seconds === null) return new AppError(wrong);
  return new AppError(Code.AdminSecondFactorLocked, { minutes: Math.ceil(seconds / 60) }, { seconds });
}

/** The second factor of a login, judged in a transaction of its own that holds the operator's row. */
export async function acceptSecondFactor(deps: Deps, adminId: number, otp: string): Promise<SecondFactorVerdict> {
  return deps.database.db.transaction(async (tx) => {
    const admin = await lockAdmin(tx, adminId);
    if (!admin) throw notFound('thing.admin');
    return judgeSecondFactor(deps, tx, admin, otp);
  });
}

/**
 * Judges a second factor: the current TOTP code, accepted once (its time step is kept and a step
 * not after it is refused), or one unused recovery code, which is then used up. `admin` is the
 * row as the caller's transaction locked it, so attempts on one account are judged one after
 * another, each after the count the one before left: parallel guesses get no more tries than
 * sequential ones. After SECOND_FACTOR_FAILURE_CAP wrong ones in a row a 6-digit code is refused
 * unjudged for SECOND_FACTOR_LOCK_MS; a recovery code is still judged and ends the lock, the way
 * back for an operator whose account someone else keeps locking. Guessing one stays hopeless: ten
 * codes among 31^10, each try behind the password, the per-network limit and this row's lock.
 */
async function judgeSecondFactor(deps: Deps, tx: Queryable, admin: AdminRow, otp: string): Promise<SecondFactorVerdict> {
  const now = deps.clock.now();
  const lockedUntil = admin.secondFactorLockedUntil?.getTime() ?? null;
  const locked = lockedUntil !== null && lockedUntil > now;
  const code = otp.trim();
  const isTotpCode = TOTP_CODE_PATTERN.test(code);
  if (locked && isTotpCode) return { kind: 'locked', seconds: Math.ceil((lockedUntil - now) / 1000) };
  if (isTotpCode ? await takeTotpCode(deps, tx, admin, code) : await useRecoveryCode(deps, tx, admin, code)) {
    await tx.update(admins).set({ secondFactorFailures: 0, secondFactorLockedUntil: null }).where(eq(admins.id, admin.id));
    return { kind: 'accepted' };
  }
  // A lock that has run out starts a new count.
  const failures = (lockedUntil !== null && !locked ? 0 : admin.secondFactorFailures) + 1;
  const until = locked ? lockedUntil : failures >= SECOND_FACTOR_FAILURE_CAP ? now + SECOND_FACTOR_LOCK_MS : null;
  await tx
    .update(admins)
    .set({ secondFactorFailures: failures, secondFactorLockedUntil: until === null ? null : new Date(until) })
    .where(eq(admins.id, admin.id));
  return { kind: 'wrong', failures, lockedSeconds: until === null ? null : Math.ceil((until - now) / 1000) };
}

async function takeTotpCode(deps: Deps, tx: Queryable, admin: AdminRow, code: string): Promise<boolean> {
  if (!admin.totpSecret) return false; // reset by another administrator since the password was checked
  // otplib throws on a kept step beyond the window's last (a clock set back, a window narrowed
  // since): no code can be newer than it, so none is accepted.
  const epoch = Math.floor(Date.now() / 1000);
  if (admin.totpLastStep !== null && admin.totpLastStep > Math.floor((epoch + tolerance(deps)) / PERIOD_SECONDS)) return false;
  const result = await totp.verify(code, {
    secret: unseal(deps, admin.totpSecret),
    epoch,
    epochTolerance: tolerance(deps),
    afterTimeStep: admin.totpLastStep ?? undefined,
  });
  if (!result.valid) return false;
  await tx.update(admins).set({ totpLastStep: result.timeStep }).where(eq(admins.id, admin.id));
  return true;
}

async function useRecoveryCode(deps: Deps, tx: Queryable, admin: AdminRow, code: string): Promise<boolean> {
  const hash = recoveryHash(deps, code);
  const used = await tx
    .update(admins)
    .set({ recoveryCodeHashes: sql`array_remove(${admins.recoveryCodeHashes}, ${hash})` })
    .where(and(eq(admins.id, admin.id), sql`${hash} = any(${admins.recoveryCodeHashes})`))
    .returning({ id: admins.id });
  return used.length === 1;
}

/**
 * Turns an operator's two-factor login off (a lost phone and lost codes), in the caller's
 * transaction; an admin or finance operator enrols again at the next login. Who may do it, and
 * when a second administrator must approve, is accountService.ts's.
 */
export async function clearTwoFactor(tx: Tx, targetId: number): Promise<void> {
  await tx
    .update(admins)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] })
    .where(eq(admins.id, targetId));
}
