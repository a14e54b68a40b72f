import { useCan } from '@refinedev/core';

/** Whether the signed-in operator may do `action` on `resource` (the menu and buttons follow it). */
export function useCanDo(resource: string, action: string): boolean {
  return useCan({ resource, action }).data?.can ?? false;
}
