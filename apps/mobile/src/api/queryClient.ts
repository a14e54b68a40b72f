import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/** Server data for every page; one client so pages share the cache, and the early requests fill it (platform/earlyRequests). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // One more try only when no answer arrived; a server answer (an error code, 995) would just repeat.
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status !== null),
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});
