/** Hooks over the merchant calls; the merchant page reaches them through these only. */
import { MerchantStatus } from '@maika/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyMerchant,
  createMerchantKey,
  fetchMerchantCallbacks,
  fetchMerchantProfile,
  resendMerchantCallback,
  revokeMerchantKey,
  saveNotifyUrl,
  type MerchantProfile,
} from '../endpoints/merchants';
import { queryKeys } from '../queryKeys';
import { useWhileLoggedIn } from './whileLoggedIn';

/** Callback attempts shown on the page: the newest ones, enough to see a failing address at a glance. */
export const MERCHANT_CALLBACKS_SHOWN = 10;

/** An application waits on an operator: asked again now and then while the page is open. */
const waitingRefreshMs = 30_000;

export function useMerchantProfile() {
  return useQuery({
    queryKey: queryKeys.merchant.profile(),
    queryFn: fetchMerchantProfile,
    enabled: useWhileLoggedIn(),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === MerchantStatus.Waiting ? waitingRefreshMs : false),
  });
}

function useProfileChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.merchant.profile() });
}

export function useApplyMerchant() {
  const changed = useProfileChange();
  return useMutation({ mutationFn: applyMerchant, onSuccess: changed });
}

export function useCreateMerchantKey() {
  const changed = useProfileChange();
  return useMutation({ mutationFn: createMerchantKey, onSuccess: changed });
}

export function useRevokeMerchantKey() {
  const changed = useProfileChange();
  return useMutation({ mutationFn: revokeMerchantKey, onSuccess: changed });
}

export function useSaveNotifyUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotifyUrl,
    // The saved address is the server's (trimmed) one: put it in the profile without asking again.
    onSuccess: ({ notifyUrl }) =>
      queryClient.setQueryData<MerchantProfile>(queryKeys.merchant.profile(), (profile) => (profile ? { ...profile, notifyUrl } : profile)),
  });
}

export function useMerchantCallbacks(enabled: boolean) {
  const loggedIn = useWhileLoggedIn();
  return useQuery({
    queryKey: queryKeys.merchant.callbacks(MERCHANT_CALLBACKS_SHOWN),
    queryFn: () => fetchMerchantCallbacks(1, MERCHANT_CALLBACKS_SHOWN),
    enabled: () => enabled && loggedIn(),
    staleTime: 0,
  });
}

export function useResendMerchantCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMerchantCallback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.merchant.all }),
  });
}
