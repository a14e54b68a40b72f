/** Hooks over the selling calls; pages reach orders, appeals and logistics through these only. */
import { CardStatus, type CardStatusFilter } from '@maika/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appealCard,
  fetchLogisticsInfo,
  fetchOrderDetail,
  fetchOrders,
  saveLogistics,
  submitOrder,
  type OrderList,
} from '../endpoints/cards';
import { queryKeys } from '../queryKeys';
import { JUST_ANSWERED_MS, useRefetchOnShow } from './justAnswered';
import { useWhileLoggedIn } from './whileLoggedIn';

/** Orders per page of the orders tab. */
export const ORDER_PAGE_SIZE = 10;

/** Cards the channel or a reviewer still has to decide: a list showing one is asked again while on screen. */
const pendingStatuses: ReadonlySet<number> = new Set([CardStatus.Unreviewed, CardStatus.UnderAppeal]);
const pendingRefreshMs = 5_000;

export function hasPendingCards(pages: readonly OrderList[]): boolean {
  return pages.some((page) => page.list.some((order) => order.statusCounts.some((count) => pendingStatuses.has(count.status))));
}

/** The user's orders having a card in `status` (999 all), page by page: key, fetcher and paging, for the hook and the early request. */
export function orderPagesOptions(status: CardStatusFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.order.pages(status, ORDER_PAGE_SIZE),
    queryFn: ({ pageParam }) => fetchOrders(status, pageParam, ORDER_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (lastPage: OrderList, pages: OrderList[]) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      return lastPage.list.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
    // Asked again whenever the tab shows; an answer of this instant (the early request's) is not.
    staleTime: JUST_ANSWERED_MS,
  });
}

/**
 * The user's orders having a card in `status` (999 all), page by page. Cards are decided while other
 * pages are on screen: the list is asked again whenever the tab shows, and while a card is pending
 * every few seconds, but only while `shown` (the tab is on screen).
 */
export function useOrderPages(status: CardStatusFilter, shown: boolean) {
  const enabled = useWhileLoggedIn();
  const options = orderPagesOptions(status);
  const pages = useInfiniteQuery({
    ...options,
    enabled,
    refetchInterval: (query) => (shown && query.state.data && hasPendingCards(query.state.data.pages) ? pendingRefreshMs : false),
  });
  useRefetchOnShow(options.queryKey, pages);
  return pages;
}

/**
 * Asks again for everything of the user's orders on screen: the list's pages and the orders opened
 * on it (their cards come with their detail). Answers once all have come.
 */
export function useRefreshOrders(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.order.all });
}

/**
 * One order with its tracking number, if it has one. With `shown` (the order's own page is on
 * screen) it is asked again every few seconds while a card of it is pending, as the list is.
 */
export function useOrderDetail(id: number | null, shown = false) {
  return useQuery({
    queryKey: queryKeys.order.detail(id ?? 0),
    queryFn: () => fetchOrderDetail(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      shown && query.state.data?.order.cards.some((card) => pendingStatuses.has(card.status)) ? pendingRefreshMs : false,
  });
}

export function useLogisticsInfo(orderId: number | null) {
  return useQuery({
    queryKey: queryKeys.order.logistics(orderId ?? 0),
    queryFn: () => fetchLogisticsInfo(orderId ?? 0),
    enabled: orderId !== null,
    staleTime: 0,
  });
}

/** Submits a batch; the new order shows in the list, and the balance moves once its cards pass. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.order.all }),
  });
}

export function useAppealCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appealCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.order.all }),
  });
}

export function useSaveLogistics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLogistics,
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.order.detail(body.orderId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.order.logistics(body.orderId) }),
      ]),
  });
}
