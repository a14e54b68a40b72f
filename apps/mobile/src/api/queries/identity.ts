/** Hooks over the identity calls: real-name verification and the phone change. */
import type { RealInfo } from '@maika/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cache } from '@/storage/cache';
import { useAuthStore } from '@/stores/auth';
import { useUserStore } from '@/stores/user';
import {
  fetchFaceCertifyResult,
  fetchLatestFaceCertify,
  fetchModifyVoucher,
  modifyPhone,
  sendModifySms,
  startFaceCertify,
  type FaceCertifyData,
} from '../endpoints/identity';
import { queryKeys } from '../queryKeys';

/** How often a pending verification is asked about: soon after the face scan, without hammering the server. */
export const FACE_CERTIFY_POLL_MS = 2500;

/** The stored user with the verification outcome the server reported. */
function applyRealInfo(realInfo: RealInfo): void {
  const { userinfo, setUserinfo } = useUserStore.getState();
  if (userinfo) setUserinfo({ ...userinfo, realInfo });
}

/** Starts a face verification; its URL is kept (`certifyUrl`, docs/product.md "Client state and storage") until it is settled. */
export function useStartFaceCertify() {
  return useMutation({
    mutationFn: ({ name, idNum }: { name: string; idNum: string }) => startFaceCertify(name, idNum),
    onSuccess: ({ certifyUrl }) => useAuthStore.getState().setCertifyUrl(certifyUrl),
  });
}

/**
 * Where the verification `certifyId` stands, asked again every FACE_CERTIFY_POLL_MS while it is
 * pending and `polling` is true (the page is on screen). A settled outcome updates the stored user.
 */
export function useFaceCertifyResult(certifyId: string | null, polling: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.identity.faceCertify(certifyId ?? ''),
    queryFn: async (): Promise<FaceCertifyData> => {
      const result = await fetchFaceCertifyResult(certifyId ?? '');
      if (result.status !== 'pending') {
        applyRealInfo(result.realInfo);
        useAuthStore.getState().setCertifyUrl('');
        void queryClient.invalidateQueries({ queryKey: queryKeys.user.info() });
      }
      return result;
    },
    enabled: certifyId !== null && certifyId !== '' && polling,
    // A pending answer is out of date at once; a settled one never changes.
    staleTime: (query) => (query.state.data && query.state.data.status !== 'pending' ? Infinity : 0),
    refetchInterval: (query) => (polling && query.state.data?.status === 'pending' ? FACE_CERTIFY_POLL_MS : false),
  });
}

/** The latest verification of the user, asked afresh each time (a verification started elsewhere may be pending). */
export function useLatestFaceCertify(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.identity.latestFaceCertify(),
    queryFn: fetchLatestFaceCertify,
    enabled,
    staleTime: 0,
  });
}

/** Sends a phone-change code (to the current phone without a number) and remembers when the next may go. */
export function useSendModifySms() {
  return useMutation({
    mutationFn: ({ to }: { to?: { phone: string; voucher: string }; countdownKey: string }) => sendModifySms(to),
    onSuccess: ({ resendAfterSeconds }, { countdownKey }) => {
      cache.lastModifySms.write({ phone: countdownKey, resendAtMs: Date.now() + resendAfterSeconds * 1000 });
    },
  });
}

export function useModifyVoucher() {
  return useMutation({ mutationFn: fetchModifyVoucher });
}

/** Changes the phone; the user as the server now describes them replaces the stored one. */
export function useModifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyPhone,
    onSuccess: (userinfo) => {
      useUserStore.getState().setUserinfo(userinfo);
      cache.lastModifySms.clear();
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.info() });
    },
  });
}
