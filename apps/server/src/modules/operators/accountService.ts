/**
 * Operator accounts and the four-eyes rule on them. Nobody chooses or learns another operator's
 * password: a creation or a password reset issues a one-time set-up code, and whoever opens its
 * link chooses the password. Once the deployment has two active administrators, giving someone a
 * say in second approvals (an approving role, a new password, a new second factor) is itself a
 * second approval, decided by another administrator, who then receives the set-up code; so is
 * disabling or demoting another administrator, which would otherwise leave one alone. The
 * administrators involved and the account do not decide each other's requests for
 * OPERATOR_TRUST_DAYS (`refuseVouchedDecider`), so holding a link never lets one person approve
 * their own request. The README's Operators section states the rule.
 */
import { hash } from '@node-rs/argon2';
import { approvingRoles, Code, type AuditAction, type OperatorApprovalKind } from '@maika/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { admins, type AdminRole } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { keyedHash, newToken } from '../../lib/crypto';
import { insertSecondApproval, type SecondApprovalRow } from '../approvals';
import { recordAudit, type AdminAction } from '../audit';
import {
  findAdminById,
  findAdminByUsername,
  insertAdmin,
  lockActiveAdministrators,
  revokeAdminSessions,
  updateAdmin,
  type AdminRow,
} from './repo';
import { clearTwoFactor } from './twoFactorService';

/** A set-up code as shown once: to the administrator who issued it, or to the one who approved it. */
export interface IssuedSetup {
  username: string;
  code: string;
  expiresAt: Date;
}

export interface AccountChange {
  /** The account as changed; null while a second administrator has still to approve. */
  account: AdminRow | null;
  setup: IssuedSetup | null;
  approvalId: number | null;
}

/** Who makes a change: an administrator's id, or null for someone at the server's terminal (`npm run admin`). */
export type ChangedBy = number | null;

/** What an operator request records, for the queue and for carrying it out. */
interface OperatorRequestPayload {
  username: string;
  role?: AdminRole;
}

const setupCodeHash = (deps: Deps, code: string) => keyedHash(deps.config.appSecret, 'admin-setup', code);

function newSetup(deps: Deps) {
  const code = newToken();
  const expiresAt = new Date(Date.now() + deps.config.OPERATOR_SETUP_HOURS * 3600_000);
  return { code, expiresAt, columns: { passwordHash: null, setupCodeHash: setupCodeHash(deps, code), setupExpiresAt: expiresAt } };
}

/** Who vouched for an account just now: the administrators of the change (none from the terminal). */
const grantedBy = (...ids: ChangedBy[]) => ({
  accessGrantedBy: [...new Set(ids.filter((id): id is number => id !== null))],
  accessGrantedAt: new Date(),
});

/**
 * With a second active administrator, a change by an administrator that gives someone a say in
 * approvals waits for the other one. With one, it is done at once: there is nobody to ask, and the
 * trust rule still keeps the account from deciding its creator's requests.
 */
const needsSecondAdministrator = (by: ChangedBy, activeAdministrators: number[]) => by !== null && activeAdministrators.length >= 2;

async function requestChange(tx: Tx, kind: OperatorApprovalKind, targetId: number, payload: OperatorRequestPayload, by: number) {
  const request = await insertSecondApproval(tx, { kind, targetId, amountFen: 0, payload, requestedBy: by });
  return request!.id;
}

/** Nobody could then manage operators any more, and the console would be locked for good. */
function refuseLeavingNoAdministrator(target: AdminRow, activeAdministrators: number[], change: { role?: AdminRole; disabled?: boolean }) {
  const leaves = change.disabled === true || (change.role !== undefined && change.role !== 'admin');
  if (leaves && activeAdministrators.length === 1 && activeAdministrators[0] === target.id) throw new AppError(Code.AdminLastAdmin);
}

async function findTarget(tx: Tx, id: number): Promise<AdminRow> {
  const target = await findAdminById(tx, id);
  if (!target) throw notFound('thing.admin');
  return target;
}

/** A new operator without a password; an approving role waits for a second administrator when there are two. */
export async function createOperatorAccount(
  deps: Deps,
  account: { username: string; role: AdminRole },
  by: ChangedBy,
  audit?: AdminAction,
): Promise<AccountChange> {
  return deps.database.db.transaction(async (tx) => {
    const administrators = await lockActiveAdministrators(tx);
    if (approvingRoles.includes(account.role) && needsSecondAdministrator(by, administrators)) {
      if (await findAdminByUsername(tx, account.username)) throw new AppError(Code.AdminUsernameTaken, { username: account.username });
      const approvalId = await requestChange(tx, 'admin.create', 0, account, by!);
      await recordAudit(tx, audit, { type: 'approval', id: approvalId, detail: { approvalId } });
      return { account: null, setup: null, approvalId };
    }
    const { created, setup } = await insertWithSetup(deps, tx, account, [by]);
    await recordAudit(tx, audit, { type: 'admin', id: created.id });
    return { account: created, setup, approvalId: null };
  });
}

async function insertWithSetup(deps: Deps, tx: Tx, account: { username: string; role: AdminRole }, by: ChangedBy[]) {
  const setup = newSetup(deps);
  const created = await insertAdmin(tx, { ...account, ...setup.columns, ...grantedBy(...by) });
  if (!created) throw new AppError(Code.AdminUsernameTaken, { username: account.username });
  return { created, setup: { username: created.username, code: setup.code, expiresAt: setup.expiresAt } };
}

/**
 * Taking another active administrator out, by disabling or demoting them. Done alone, it would
 * bring the deployment back to one administrator, who then creates approving accounts and
 * receives their set-up links alone; so it is asked of another administrator, with two that is
 * the one taken out, who thereby consents.
 */
const takesOutAnotherAdministrator = (
  target: AdminRow,
  administrators: number[],
  by: ChangedBy,
  change: { role?: AdminRole; disabled?: boolean },
) =>
  target.id !== by &&
  administrators.includes(target.id) &&
  (change.disabled === true || (change.role !== undefined && change.role !== 'admin'));

/**
 * Role and disabling; with two administrators, a role that decides approvals and taking another
 * administrator out wait for a second one. Disabling anyone else and enabling are done at once.
 */
export async function changeOperatorAccount(
  deps: Deps,
  id: number,
  change: { role?: AdminRole; disabled?: boolean },
  by: ChangedBy,
  audit?: AdminAction,
): Promise<AccountChange> {
  return deps.database.db.transaction(async (tx) => {
    const target = await findTarget(tx, id);
    const administrators = await lockActiveAdministrators(tx);
    refuseLeavingNoAdministrator(target, administrators, change);
    const newRole = change.role !== undefined && change.role !== target.role ? change.role : undefined;
    if (takesOutAnotherAdministrator(target, administrators, by, change) && needsSecondAdministrator(by, administrators)) {
      // A demotion sent with the disabling waits in the same request, so nothing of the change happens alone.
      const kind = change.disabled === true ? 'admin.disable' : 'admin.role';
      const payload = { username: target.username, ...(newRole ? { role: newRole } : {}) };
      const approvalId = await requestChange(tx, kind, id, payload, by!);
      await recordAudit(tx, audit, { type: 'admin', id, detail: { approvalId } });
      return { account: target, setup: null, approvalId };
    }
    let approvalId: number | null = null;
    let role = newRole;
    if (newRole && approvingRoles.includes(newRole) && needsSecondAdministrator(by, administrators)) {
      approvalId = await requestChange(tx, 'admin.role', id, { username: target.username, role: newRole }, by!);
      role = undefined;
    }
    const changesNow = role !== undefined || change.disabled !== undefined;
    const updated = changesNow ? await updateAdmin(tx, id, { role, disabled: change.disabled, ...(role ? grantedBy(by) : {}) }) : target;
    // A new role or a disabled account takes effect now, not at the next login.
    if (changesNow) await revokeAdminSessions(tx, id);
    await recordAudit(tx, audit, { type: 'admin', id, ...(approvalId ? { detail: { approvalId } } : {}) });
    return { account: updated!, setup: null, approvalId };
  });
}

/**
 * The password stops working and a set-up code is issued for a new one. One's own is reset at once;
 * another operator's waits for a second administrator when there are two.
 */
export async function resetOperatorPassword(deps: Deps, id: number, by: ChangedBy, audit?: AdminAction): Promise<AccountChange> {
  return deps.database.db.transaction(async (tx) => {
    const target = await findTarget(tx, id);
    const administrators = await lockActiveAdministrators(tx);
    if (id !== by && needsSecondAdministrator(by, administrators)) {
      const approvalId = await requestChange(tx, 'admin.resetPassword', id, { username: target.username }, by!);
      await recordAudit(tx, audit, { type: 'admin', id, detail: { approvalId } });
      return { account: target, setup: null, approvalId };
    }
    const { account, setup } = await issueNewPassword(deps, tx, target, [by]);
    await recordAudit(tx, audit, { type: 'admin', id });
    return { account, setup, approvalId: null };
  });
}

async function issueNewPassword(deps: Deps, tx: Tx, target: AdminRow, by: ChangedBy[]) {
  const setup = newSetup(deps);
  const account = (await updateAdmin(tx, target.id, { ...setup.columns, ...grantedBy(...by) }))!;
  await revokeAdminSessions(tx, target.id);
  return { account, setup: { username: account.username, code: setup.code, expiresAt: setup.expiresAt } };
}

/**
 * Another administrator turns an operator's two-factor login off (a lost phone and lost codes): the
 * operator's sessions end and an admin or finance operator enrols again at the next login. It waits
 * for a second administrator when there are two.
 */
export async function resetOperatorTwoFactor(deps: Deps, id: number, by: ChangedBy, audit?: AdminAction): Promise<AccountChange> {
  if (id === by) throw new AppError(Code.AdminTwoFactorSelfReset);
  return deps.database.db.transaction(async (tx) => {
    const target = await findTarget(tx, id);
    // The same lock as role changes, so a reset and a demotion of the same operator do not interleave.
    const administrators = await lockActiveAdministrators(tx);
    if (needsSecondAdministrator(by, administrators)) {
      const approvalId = await requestChange(tx, 'admin.resetTwoFactor', id, { username: target.username }, by!);
      await recordAudit(tx, audit, { type: 'admin', id, detail: { approvalId } });
      return { account: target, setup: null, approvalId };
    }
    const account = await turnTwoFactorOff(tx, id, [by]);
    await recordAudit(tx, audit, { type: 'admin', id });
    return { account, setup: null, approvalId: null };
  });
}

async function turnTwoFactorOff(tx: Tx, id: number, by: ChangedBy[]): Promise<AdminRow> {
  await clearTwoFactor(tx, id);
  const account = (await updateAdmin(tx, id, grantedBy(...by)))!;
  await revokeAdminSessions(tx, id);
  return account;
}

/**
 * Carries out an approved operator request in the approval's transaction. Both administrators
 * vouch for the account from now on; the set-up code of a creation or a password reset goes to the
 * approving one, who hands the link to the operator.
 */
export async function carryOutOperatorRequest(deps: Deps, tx: Tx, a: SecondApprovalRow, deciderId: number): Promise<IssuedSetup | null> {
  const payload = a.payload as OperatorRequestPayload;
  const by = [a.requestedBy, deciderId];
  const administrators = await lockActiveAdministrators(tx);
  if (a.kind === 'admin.create') return (await insertWithSetup(deps, tx, { username: payload.username, role: payload.role! }, by)).setup;
  const target = await findTarget(tx, a.targetId);
  switch (a.kind) {
    case 'admin.role':
      refuseLeavingNoAdministrator(target, administrators, { role: payload.role });
      await updateAdmin(tx, target.id, { role: payload.role, ...grantedBy(...by) });
      await revokeAdminSessions(tx, target.id);
      return null;
    case 'admin.resetPassword':
      return (await issueNewPassword(deps, tx, target, by)).setup;
    case 'admin.resetTwoFactor':
      await turnTwoFactorOff(tx, target.id, by);
      return null;
    case 'admin.disable':
      refuseLeavingNoAdministrator(target, administrators, { disabled: true });
      await updateAdmin(tx, target.id, { disabled: true, role: payload.role });
      await revokeAdminSessions(tx, target.id);
      return null;
    default:
      throw new Error(`not an operator request: ${a.kind}`);
  }
}

/**
 * The trust rule: an account does not decide a request of an administrator who created it, reset
 * its password or two-factor login or changed its role within OPERATOR_TRUST_DAYS, nor such an
 * administrator a request of the account. Whoever held the set-up link could be either person.
 */
export async function refuseVouchedDecider(deps: Deps, tx: Tx, requestedBy: number, deciderId: number): Promise<void> {
  const requester = await findAdminById(tx, requestedBy);
  const decider = await findAdminById(tx, deciderId);
  if (!requester || !decider) return;
  const since = Date.now() - deps.config.OPERATOR_TRUST_DAYS * 86_400_000;
  const vouched = (account: AdminRow, by: number) =>
    account.accessGrantedAt !== null && account.accessGrantedAt.getTime() > since && account.accessGrantedBy.includes(by);
  if (vouched(decider, requester.id) || vouched(requester, decider.id)) {
    throw new AppError(Code.ApprovalVouchedOperator, { name: requester.username, days: deps.config.OPERATOR_TRUST_DAYS });
  }
}

export interface SetupContext {
  ip: string;
  userAgent: string | null;
}

/** The operator behind a set-up link chooses their password; the code then stops working. */
export async function completeOperatorSetup(deps: Deps, code: string, password: string, context: SetupContext): Promise<void> {
  const codeHash = setupCodeHash(deps, code);
  const db = deps.database.db;
  const [holder] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.setupCodeHash, codeHash), gt(admins.setupExpiresAt, sql`now()`), isNull(admins.disabledAt)));
  if (!holder) throw new AppError(Code.AdminSetupCodeInvalid);
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    // Spent in the same statement that checks it, so two tabs with one link cannot both use it.
    const [account] = await tx
      .update(admins)
      .set({ passwordHash, setupCodeHash: null, setupExpiresAt: null, failedLogins: 0 })
      .where(and(eq(admins.id, holder.id), eq(admins.setupCodeHash, codeHash), gt(admins.setupExpiresAt, sql`now()`)))
      .returning();
    if (!account) throw new AppError(Code.AdminSetupCodeInvalid);
    await revokeAdminSessions(tx, account.id);
    // Neither the code nor the password: the entry says who set a password, from where.
    await recordAudit(tx, {
      adminId: account.id,
      action: 'admin.setup',
      ip: context.ip,
      userAgent: context.userAgent,
      input: { params: null, body: { username: account.username } },
      target: { type: 'admin', id: account.id },
      recorded: false,
    });
  });
}

/** The queue's description of an operator request. */
export function operatorRequestSummary(a: SecondApprovalRow): { username: string; role: AdminRole | null } {
  const payload = a.payload as OperatorRequestPayload;
  return { username: payload.username, role: payload.role ?? null };
}

/** The audit action of a change made at the server's terminal (`npm run admin`): no operator, marked as the terminal's. */
export function terminalAction(action: AuditAction, body: Record<string, unknown>): AdminAction {
  return { adminId: null, action, ip: null, userAgent: 'terminal (npm run admin)', input: { params: null, body }, recorded: false };
}
