import { hash, verify } from '@node-rs/argon2';
import { Code } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import type { AdminRole } from '../../db/schema';
import { AppError, notFound } from '../../http/envelope';
import { keyedHash, newToken } from '../../lib/crypto';
import {
  countAdmins,
  findAdminById,
  findAdminByUsername,
  insertAdmin,
  insertAdminSession,
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

export async function adminLogin(deps: Deps, username: string, password: string, ip: string) {
  const wait = await deps.limits.adminLogin.take(`${username}:${ip}`);
  if (wait !== null) throw new AppError(Code.RateLimited, { seconds: wait });
  const db = deps.database.db;
  const admin = await findAdminByUsername(db, username);
  decoyHash ??= hash(randomBytes(16).toString('hex'));
  const valid = await verify(admin?.passwordHash ?? (await decoyHash), password);
  if (!admin || !valid) throw new AppError(Code.AdminLoginFailed);
  if (admin.disabledAt) throw new AppError(Code.AdminDisabled);
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
  const db = deps.database.db;
  if (!(await findAdminById(db, id))) throw notFound(adminThing);
  const updated = await updateAdmin(db, id, {
    role: changes.role,
    disabled: changes.disabled,
    passwordHash: changes.password ? await hash(changes.password) : undefined,
  });
  // A new role, a new password or a disabled account takes effect now, not at the next login.
  await revokeAdminSessions(db, id);
  return updated!;
}

export const generatePassword = () => randomBytes(12).toString('base64url');

/** On the very first start there is no operator: make one and show its password once. */
export async function ensureFirstAdmin(deps: Deps): Promise<{ username: string; password: string } | null> {
  if ((await countAdmins(deps.database.db)) > 0) return null;
  const password = generatePassword();
  await createAdmin(deps, 'admin', 'admin', password);
  return { username: 'admin', password };
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
