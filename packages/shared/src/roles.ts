/**
 * What each operator role may see and do in the back office: one matrix, read by the server's role
 * guard (each admin route's `roles`) and by the admin console (the menu and the buttons). A
 * resource lists the roles for reading (`list`, `show`) and for each action; an action not named
 * falls back to `write`. Administrators may do everything.
 */
import type { SecondApprovalKind } from './api/approvals';
import type { AdminRoleKey } from './enums';

export interface AdminAccessRule {
  readonly read: readonly AdminRoleKey[];
  readonly write: readonly AdminRoleKey[];
  readonly actions?: Readonly<Record<string, readonly AdminRoleKey[]>>;
}

const all: readonly AdminRoleKey[] = ['admin', 'reviewer', 'finance', 'support'];
const only = (...roles: AdminRoleKey[]): readonly AdminRoleKey[] => ['admin', ...roles];

/**
 * Who may decide each kind of second approval: reviewers cards, finance money, administrators
 * everything, and only administrators the operator accounts. Read by the server's check and the
 * console's buttons.
 */
export const secondApprovalDeciders: Readonly<Record<SecondApprovalKind, readonly AdminRoleKey[]>> = {
  'card.approve': only('reviewer'),
  'card.appeal': only('reviewer'),
  'ledger.adjust': only('finance'),
  'admin.create': only(),
  'admin.role': only(),
  'admin.resetPassword': only(),
  'admin.resetTwoFactor': only(),
  'admin.disable': only(),
};
/** The roles that decide some second approval: giving one of them to an account needs a second administrator. */
export const approvingRoles: readonly AdminRoleKey[] = [...new Set(Object.values(secondApprovalDeciders).flat())];

export const adminAccess = {
  dashboard: { read: all, write: only() },
  // Menu groups: shown to whoever can open something inside them.
  catalogue: { read: only('reviewer'), write: only() },
  content: { read: only('support'), write: only() },
  system: { read: only('support'), write: only() },
  cards: { read: only('reviewer'), write: only('reviewer') },
  appeals: { read: only('reviewer'), write: only('reviewer') },
  shipments: { read: only('reviewer'), write: only('reviewer') },
  // Whoever decides some kind; each request's kind narrows it (secondApprovalDeciders), the page follows.
  approvals: { read: approvingRoles, write: approvingRoles },
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
  // Support reads a user's messages and resends a failed delivery; the channels' templates are the administrator's.
  messages: { read: only('support'), write: only('support') },
  messageChannels: { read: only('support'), write: only() },
  // Merchants sell at their own rates: finance decides applications, suspensions and rates; support reads them and resends a callback.
  merchants: { read: only('finance', 'support'), write: only('finance'), actions: { resend: only('finance', 'support') } },
  audit: { read: only(), write: only() },
  // `self`: one's own session and two-factor login, open to every role.
  admins: { read: only(), write: only(), actions: { self: all } },
} as const satisfies Readonly<Record<string, AdminAccessRule>>;

export type AdminResource = keyof typeof adminAccess;

const readActions = new Set(['list', 'show']);
const rules: Readonly<Record<string, AdminAccessRule>> = adminAccess;

/** True when `role` may perform `action` on `resource`; unknown resources are refused. */
export function roleCan(role: AdminRoleKey | null | undefined, resource: string | undefined, action: string): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  const rule = resource ? rules[resource] : undefined;
  if (!rule) return false;
  const allowed = rule.actions?.[action] ?? (readActions.has(action) ? rule.read : rule.write);
  return allowed.includes(role);
}

/** The roles that may perform `action` on `resource`: what a server route declares. */
export function rolesFor(resource: AdminResource, action: string): readonly AdminRoleKey[] {
  return all.filter((role) => roleCan(role, resource, action));
}
