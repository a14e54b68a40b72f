// @vitest-environment jsdom
import type { AdminRoleKey } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { resources } from '../resources';
import { accessControlProvider, accessRules, roleCan } from './accessControl';
import { profileStore } from './authProvider';

const roles: AdminRoleKey[] = ['admin', 'reviewer', 'finance', 'support'];
const menuOf = (role: AdminRoleKey) => resources.filter((r) => r.list && !r.meta?.hide && roleCan(role, r.name, 'list')).map((r) => r.name);

describe('role matrix', () => {
  it('gives every declared resource a rule, so none is open by accident', () => {
    for (const resource of resources) expect(accessRules[resource.name], resource.name).toBeDefined();
  });

  it('shows each role only its own menu', () => {
    expect(menuOf('admin')).toHaveLength(resources.filter((r) => r.list && !r.meta?.hide).length);
    expect(menuOf('reviewer')).toEqual(['dashboard', 'cards', 'shipments', 'approvals', 'categories', 'cardTypes']);
    expect(menuOf('finance')).toEqual(['dashboard', 'approvals', 'withdrawals', 'users', 'withdrawalChannels']);
    expect(menuOf('support')).toEqual([
      'dashboard',
      'users',
      'content/banners',
      'content/notices',
      'content/broadcasts',
      'content/faq',
      'content/richText',
      'content/foundation',
      'feedback',
      'smsOutbox',
    ]);
  });

  it.each([
    ['reviewer', 'cards', 'approve', true],
    ['reviewer', 'shipments', 'received', true],
    ['finance', 'shipments', 'received', false],
    ['support', 'shipments', 'list', false],
    ['reviewer', 'cardTypes', 'list', true],
    ['reviewer', 'cardTypes', 'edit', false],
    ['reviewer', 'withdrawals', 'list', false],
    ['finance', 'withdrawals', 'approve', true],
    ['finance', 'users', 'show', true],
    ['finance', 'users', 'adjust', true],
    ['finance', 'users', 'freeze', false],
    ['finance', 'cards', 'approve', false],
    ['finance', 'withdrawals', 'limits', false],
    ['finance', 'risk', 'list', true],
    ['reviewer', 'risk', 'list', false],
    ['support', 'approvals', 'list', false],
    ['support', 'users', 'freeze', true],
    ['support', 'users', 'adjust', false],
    ['support', 'users', 'ledger', false],
    ['support', 'feedback', 'reply', true],
    ['support', 'withdrawals', 'show', false],
    ['support', 'admins', 'list', false],
    ['support', 'audit', 'list', false],
    ['admin', 'admins', 'create', true],
    ['admin', 'anything', 'whatever', true],
  ] as const)('%s on %s / %s → %s', (role, resource, action, allowed) => {
    expect(roleCan(role, resource, action)).toBe(allowed);
  });

  it('refuses everything without a signed-in role, and unknown resources to non-admins', () => {
    for (const role of roles.filter((r) => r !== 'admin')) expect(roleCan(role, 'nonexistent', 'list')).toBe(false);
    expect(roleCan(null, 'dashboard', 'list')).toBe(false);
  });

  it('answers refine from the stored profile', async () => {
    profileStore.set({ id: 2, username: 'rita', role: 'reviewer', twoFactorEnabled: false, enrolmentRequired: false });
    expect(await accessControlProvider.can({ resource: 'cards', action: 'list' })).toEqual({ can: true });
    expect(await accessControlProvider.can({ resource: 'admins', action: 'list' })).toMatchObject({ can: false });
    profileStore.clear();
    expect(await accessControlProvider.can({ resource: 'dashboard', action: 'list' })).toMatchObject({ can: false });
  });
});
