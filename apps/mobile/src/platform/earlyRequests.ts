import type { QueryClient } from '@tanstack/react-query';

/**
 * Mini-programs: nothing. Their pages come with the package, so a page's requests already leave as
 * soon as it renders; H5 asks for its scripts first (earlyRequests.h5.ts).
 */
export function startEarlyRequests(_queryClient: QueryClient): void {}
