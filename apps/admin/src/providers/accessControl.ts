/**
 * What each operator role may see and do, from the role matrix the server's routes are guarded by
 * (packages/shared roles.ts): the server refuses anyway; this keeps the menu and the buttons honest.
 */
import { roleCan } from '@maika/shared';
import type { AccessControlProvider } from '@refinedev/core';
import { profileStore } from './authProvider';

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    // A path no resource owns (a mistyped link) gets the not-found page, not a refusal.
    if (!resource) return { can: true };
    const allowed = roleCan(profileStore.get()?.role, resource, action);
    return { can: allowed, ...(allowed ? {} : { reason: 'forbidden' }) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
