/**
 * H5: a logged-in user's data for the tab page opened leaves while the entry script runs, not after
 * the router has fetched the page's scripts and drawn it; the page's queries find it asked for (or
 * answered) under the same keys. A visitor asks nothing here: those pages show a login prompt.
 */
import { FILTER_ALL } from '@maika/shared';
import type { QueryClient } from '@tanstack/react-query';
import { orderPagesOptions } from '@/api/queries/cards';
import { userInfoOptions } from '@/api/queries/user';
import { cashAccountOptions } from '@/api/queries/withdrawals';
import { routeByName } from '@/routes';
import { useAuthStore } from '@/stores/auth';

/** The hash route's page path, as Taro's hash router reads it (`#/pages/order/order?x=1`). */
const hashPath = (hash: string) => hash.replace(/^#?\/?/, '').split('?', 1)[0]!;

export function startEarlyRequests(queryClient: QueryClient): void {
  if (!useAuthStore.getState().isLogin) return;
  const path = hashPath(window.location.hash);
  // What pages/order and pages/person ask for as they first show (the order list opens on all statuses).
  if (path === routeByName('order').path) {
    void queryClient.prefetchInfiniteQuery(orderPagesOptions(FILTER_ALL));
  } else if (path === routeByName('person').path) {
    void queryClient.prefetchQuery(userInfoOptions());
    void queryClient.prefetchQuery(cashAccountOptions());
  }
}
