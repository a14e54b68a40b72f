import { hash, verify } from '@node-rs/argon2';
import { Code } from '@maika/shared';
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import type { AdminRole } from '../../db/schema';
import { AppError, notFound } from '../../http/envelope';
import { keyedHash, newToken } from '../../lib/crypto';
import { clientNetwork } from '../../lib/network';
import {
  countAdmins,
  findAdminById,
  findAdminByUsername,
  insertAdmin,
  insertAdminSession,
  lockActiveAdministrators,
  revokeAdminSessions,
  touchAdminLogin,
  updateAdmin,
  type AdminRow,
} from './repo';

export const ADMIN_SESSION_TTL_MS = 12 * 3600_000;
const adminThing = { 'zh-CN': '管理员', 'en-US': 'Admin account' };

export const adminTokenHash = (deps: Deps, token: string) => keyedHash(deps.config.appSecret, 'admin-token', token);

// A hash to compare against when the username is unknown, so timing does not reveal which usernames exist.
let decoyHash: Promise<string> | undefined;

export { clientNetwork };

/**
 * The login limiter's key: one counter per username per client network. The username is hashed
 * so the key has a fixed length and no separator it could forge; an IPv6 client counts by its /64,
 * since one subscriber usually holds a whole /64 and could otherwise try from a fresh address each time.
 */
export const adminLoginLimitKey = (username: string, ip: string) =>
  `${clientNetwork(ip)}|${createHash('sha256').update(username).digest('base64url')}`;

export async function adminLogin(deps: Deps, username: string, password: string, ip: string) {
  // Every attempt takes a point before the password is checked, so parallel guesses cannot slip
  // past the limit; a successful login gives its point back, so only failures add up.
  const limitKey = adminLoginLimitKey(username, ip);
  const wait = await deps.limits.adminLogin.take(limitKey);
  // The seconds in data too, so the console can count down without parsing the message.
  if (wait !== null) throw new AppError(Code.RateLimited, { seconds: wait }, { seconds: wait });
  const db = deps.database.db;
  const admin = await findAdminByUsername(db, username);
  decoyHash ??= hash(randomBytes(16).toString('hex'));
  const valid = await verify(admin?.passwordHash ?? (await decoyHash), password);
  if (!admin || !valid) throw new AppError(Code.AdminLoginFailed);
  if (admin.disabledAt) throw new AppError(Code.AdminDisabled);
  await deps.limits.adminLogin.refund(limitKey);
  const token = newToken();
  await insertAdminSession(db, { tokenHash: adminTokenHash(deps, token), adminId: admin.id, expiresAt: new Date(Date.now() + ADMIN_SESSION_TTL_MS) });
  await touchAdminLogin(db, admin.id);
  return { token, admin: { id: admin.id, username: admin.username, role: admin.role } };
}

export async function createAdmin(deps: Deps, username: string, role: AdminRole, password: string): Promise<AdminRow> {
  const created = await insertAdmin(deps.database.db, { username, role, passwordHash: await hash(password) });
  if (!created) throw new AppError(Code.AdminUsernameTaken, { username });
  return created;
}

export async function changeAdmin(
  deps: Deps,
  id: number,
  changes: { role?: AdminRole; disabled?: boolean; password?: string },
): Promise<AdminRow> {
  const passwordHash = changes.password ? await hash(changes.password) : undefined;
  return deps.database.db.transaction(async (tx) => {
    if (!(await findAdminById(tx, id))) throw notFound(adminThing);
    const administrators = await lockActiveAdministrators(tx);
    const leavesAdministration = changes.disabled === true || (changes.role !== undefined && changes.role !== 'admin');
    // Nobody could then manage operators any more, and the console would be locked for good.
    if (leavesAdministration && administrators.length === 1 && administrators[0] === id) throw new AppError(Code.AdminLastAdmin);
    const updated = await updateAdmin(tx, id, { role: changes.role, disabled: changes.disabled, passwordHash });
    // A new role, a new password or a disabled account takes effect now, not at the next login.
    await revokeAdminSessions(tx, id);
    return updated!;
  });
}

export const generatePassword = () => randomBytes(12).toString('base64url');

/** On the very first start there is no operator: make one and show its password once. */
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
    createdAt: a.createdAt.toISOString(),
    lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
  };
}
