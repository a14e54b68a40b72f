/** Hooks over the money calls; pages reach the balance, payees and withdrawals through these only. */
import { WithdrawalStatus, type WithdrawalStatusFilter } from '@maika/shared';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDidShow } from '@tarojs/taro';
import {
  deletePayee,
  extract,
  fetchAccount,
  fetchBanks,
  fetchChannels,
  fetchPayees,
  fetchWithdrawals,
  savePayee,
  type WithdrawalPage,
  type WithdrawalRecord,
} from '../endpoints/withdrawals';
import { queryKeys } from '../queryKeys';
import { JUST_ANSWERED_MS, useRefetchOnShow } from './justAnswered';
import { useUserInfo } from './user';
import { useWhileLoggedIn } from './whileLoggedIn';

/** Withdrawals per page of the record list. */
export const WITHDRAWAL_PAGE_SIZE = 20;

/** The bank list changes with a release, not during a visit. */
const rarelyChangingMs = 10 * 60_000;

/** The balance's key and fetcher, for the hook and the early request. */
export function cashAccountOptions() {
  // Asked again whenever a page shows it; an answer of this instant (the early request's) is not.
  return queryOptions({ queryKey: queryKeys.cash.account(), queryFn: fetchAccount, staleTime: JUST_ANSWERED_MS });
}

/**
 * The balance; always asked again when a page showing it shows: money moves while other pages are
 * on screen (a payout, a credit) and while the app is closed.
 */
export function useCashAccount() {
  const options = cashAccountOptions();
  const account = useQuery({ ...options, enabled: useWhileLoggedIn() });
  useRefetchOnShow(options.queryKey, account);
  return account;
}

export function useWithdrawalChannels() {
  return useQuery({ queryKey: queryKeys.cash.channels(), queryFn: fetchChannels });
}

export function useOpenBanks() {
  return useQuery({ queryKey: queryKeys.cash.banks(), queryFn: fetchBanks, staleTime: rarelyChangingMs });
}

export function usePayees() {
  return useQuery({ queryKey: queryKeys.cash.payees(), queryFn: fetchPayees });
}

export function useSavePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cash.payees() }),
  });
}

export function useDeletePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cash.payees() }),
  });
}

/** Asks for a withdrawal; once it exists the balance and the records have changed. */
export function useExtract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extract,
    onSuccess: async (result) => {
      if (result.realNameRequired) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cash.account() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cash.withdrawals() }),
      ]);
    },
  });
}

/** Statuses a payout moves out of by itself, soon: a list showing one is asked again often while on screen. */
const movingStatuses: ReadonlySet<number> = new Set([WithdrawalStatus.Unpaid, WithdrawalStatus.Processing, WithdrawalStatus.Repay]);
const movingRefreshMs = 5_000;
/** Something open that waits on a person (finance's approval, the payee's confirmation in WeChat): asked again, less often. */
const waitingRefreshMs = 30_000;

const isMoving = (record: WithdrawalRecord) => movingStatuses.has(record.status) && !record.awaitingApproval;

/** How soon the records and their totals are asked again: while anything is open, never once all are finished. */
export function withdrawalRefreshMs(pages: readonly WithdrawalPage[] | undefined): number | false {
  if (!pages?.length) return false;
  if (pages.some((page) => page.list.some(isMoving))) return movingRefreshMs;
  return pages[0]!.totals.pendingCount > 0 ? waitingRefreshMs : false;
}

/**
 * The records and, on their first page, the user's totals: one query, so the summary above the list
 * and the list are refreshed together and always from the same moment.
 */
export function useWithdrawalPages(status: WithdrawalStatusFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.cash.withdrawalPages(status, WITHDRAWAL_PAGE_SIZE),
    queryFn: ({ pageParam }) => fetchWithdrawals(status, pageParam, WITHDRAWAL_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      return lastPage.list.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
    staleTime: 0,
    refetchInterval: (query) => withdrawalRefreshMs(query.state.data?.pages),
  });
}

/**
 * The logged-in user for the payee page, asked again each time the page shows: the user may come
 * back from the real-name verification, which changes the name payouts go to.
 */
export function usePayeeOwner() {
  const queryClient = useQueryClient();
  useDidShow(() => void queryClient.invalidateQueries({ queryKey: queryKeys.user.info() }));
  return useUserInfo();
}
