/**
 * What each operator role may see and do, mirroring the roles the server declares on every admin
 * route (the server refuses anyway; this keeps the menu and the buttons honest). A resource lists
 * the roles for reading (`list`, `show`) and for each action; an action not named falls back to
 * `write`. Administrators may do everything.
 */
import type { AdminRoleKey } from '@maika/shared';
import type { AccessControlProvider } from '@refinedev/core';
import { profileStore } from './authProvider';

type Role = AdminRoleKey;
interface Rule {
  read: readonly Role[];
  write: readonly Role[];
  actions?: Readonly<Record<string, readonly Role[]>>;
}

const all: readonly Role[] = ['admin', 'reviewer', 'finance', 'support'];
const only = (...roles: Role[]): readonly Role[] => ['admin', ...roles];

export const accessRules: Readonly<Record<string, Rule>> = {
  dashboard: { read: all, write: only() },
  // Menu groups: shown to whoever can open something inside them.
  catalogue: { read: only('reviewer'), write: only() },
  content: { read: only('support'), write: only() },
  system: { read: only('support'), write: only() },
  cards: { read: only('reviewer'), write: only('reviewer') },
  appeals: { read: only('reviewer'), write: only('reviewer') },
  shipments: { read: only('reviewer'), write: only('reviewer') },
  // Each request's kind narrows who decides it (reviewers cards, finance money); the page follows.
  approvals: { read: only('reviewer', 'finance'), write: only('reviewer', 'finance') },
  categories: { read: only('reviewer'), write: only() },
  cardTypes: { read: only('reviewer'), write: only() },
  withdrawals: { read: only('finance'), write: only('finance'), actions: { export: only('finance'), limits: only() } },
  risk: { read: only('finance'), write: only() },
  users: {
    read: only('finance', 'support'),
    write: only('support'),
    actions: { freeze: only('support'), adjust: only('finance'), ledger: only('finance'), export: only('finance', 'support') },
  },
  referrals: { read: only('finance'), write: only() },
  'content/banners': { read: only('support'), write: only('support') },
  'content/notices': { read: only('support'), write: only('support') },
  'content/broadcasts': { read: only('support'), write: only('support') },
  'content/faq': { read: only('support'), write: only('support') },
  'content/richText': { read: only('support'), write: only('support') },
  'content/foundation': { read: only('support'), write: only('support') },
  withdrawalChannels: { read: only('finance'), write: only('finance') },
  feedback: { read: only('support'), write: only('support') },
  smsOutbox: { read: only('support'), write: only() },
  audit: { read: only(), write: only() },
  admins: { read: only(), write: only() },
};

const readActions = new Set(['list', 'show']);

/** True when `role` may perform `action` on `resource`; unknown resources are refused. */
export function roleCan(role: Role | null | undefined, resource: string | undefined, action: string): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  const rule = resource ? accessRules[resource] : undefined;
  if (!rule) return false;
  const allowed = rule.actions?.[action] ?? (readActions.has(action) ? rule.read : rule.write);
  return allowed.includes(role);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    // A path no resource owns (a mistyped link) gets the not-found page, not a refusal.
    if (!resource) return { can: true };
    const allowed = roleCan(profileStore.get()?.role, resource, action);
    return { can: allowed, ...(allowed ? {} : { reason: 'forbidden' }) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
