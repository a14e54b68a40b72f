// @vitest-environment jsdom
import { adminRoleTable, type AdminRoleKey } from '@maika/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { resources } from '../resources';
import { accessControlProvider } from './accessControl';
import { profileStore } from './authProvider';

const as = async (role: AdminRoleKey, resource: string | undefined, action: string) => {
  profileStore.set({ id: 2, username: role, role, twoFactorEnabled: false, enrolmentRequired: false });
  return (await accessControlProvider.can({ resource, action })).can;
};

afterEach(() => profileStore.clear());

describe('the console', () => {
  it('hides the actions a role may not take and shows the ones it may', async () => {
    expect(await as('reviewer', 'cards', 'approve')).toBe(true);
    expect(await as('finance', 'cards', 'approve')).toBe(false);
    expect(await as('finance', 'users', 'adjust')).toBe(true);
    expect(await as('finance', 'users', 'freeze')).toBe(false);
    expect(await as('support', 'users', 'freeze')).toBe(true);
    expect(await as('finance', 'withdrawals', 'limits')).toBe(false);
    expect(await as('admin', 'withdrawals', 'limits')).toBe(true);
  });

  it('lets finance decide merchants and their rates, support read them and resend a callback, and reviewers neither', async () => {
    for (const action of ['approve', 'refuse', 'suspend', 'reinstate', 'rates', 'resend'])
      expect(await as('finance', 'merchants', action)).toBe(true);
    for (const action of ['approve', 'refuse', 'suspend', 'rates']) expect(await as('support', 'merchants', action)).toBe(false);
    expect(await as('support', 'merchants', 'list')).toBe(true);
    expect(await as('support', 'merchants', 'resend')).toBe(true);
    expect(await as('reviewer', 'merchants', 'list')).toBe(false);
  });

  it('shows a reviewer only the card pages, the approvals and the dashboard', async () => {
    const menu: string[] = [];
    for (const r of resources.filter((r) => r.list && !r.meta?.hide)) if (await as('reviewer', r.name, 'list')) menu.push(r.name);
    expect(menu).toEqual(['dashboard', 'cards', 'shipments', 'approvals', 'categories', 'cardTypes']);
  });

  it('gives no page of its own to a role the matrix does not name, and nothing to a signed-out visitor', async () => {
    for (const role of adminRoleTable.keys.filter((r) => r !== 'admin')) expect(await as(role, 'nonexistent', 'list')).toBe(false);
    profileStore.clear();
    expect(await accessControlProvider.can({ resource: 'dashboard', action: 'list' })).toMatchObject({ can: false, reason: 'forbidden' });
  });

  it('leaves a path no resource owns to the not-found page', async () => {
    expect(await as('support', undefined, 'list')).toBe(true);
  });
});
