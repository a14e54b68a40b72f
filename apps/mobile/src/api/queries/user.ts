/** Hooks over the login, session and profile calls; pages reach these calls through them only. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindingDone, pendingMiniProgramBinding } from '@/auth/miniProgramLogin';
import { switchTab } from '@/navigation';
import { cache } from '@/storage/cache';
import { useAuthStore } from '@/stores/auth';
import { useUserStore } from '@/stores/user';
import { cancelAccount, logOut, sendLoginSms, smsLogin } from '../endpoints/auth';
import { fetchUserInfo, updateProfile } from '../endpoints/user';
import { assetUrl } from '../http';
import { queryKeys } from '../queryKeys';
import { whileLoggedIn } from './whileLoggedIn';

/** The logged-in user, refreshed from the server whenever a page asks; null when nobody is logged in. */
export function useUserInfo() {
  const isLogin = useAuthStore((state) => state.isLogin);
  const userinfo = useUserStore((state) => state.userinfo);
  const enabled = whileLoggedIn(isLogin);
  useQuery({ ...userInfoOptions(), enabled });
  return isLogin ? userinfo : null;
}

/** The logged-in user's key and fetcher, which keeps the stored user current: for the hook and the early request. */
export function userInfoOptions() {
  return queryOptions({
    queryKey: queryKeys.user.info(),
    queryFn: async () => {
      const fresh = await fetchUserInfo();
      useUserStore.getState().setUserinfo(fresh);
      return fresh;
    },
  });
}

/** The avatar as a loadable URL (stored server-relative, docs/product.md "Client state and storage"); '' for the default one. */
export function useAvatarUrl(): string {
  const isLogin = useAuthStore((state) => state.isLogin);
  const avatar = useUserStore((state) => state.userinfo?.avatar);
  return isLogin ? assetUrl(avatar) : '';
}

/** Sends a login code and remembers when the next may be sent, so a reload keeps the countdown. */
export function useSendLoginSms() {
  return useMutation({
    mutationFn: sendLoginSms,
    onSuccess: ({ resendAfterSeconds }, phone) => {
      cache.lastLoginSms.write({ phone, resendAtMs: Date.now() + resendAfterSeconds * 1000 });
    },
  });
}

export function useSmsLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // A mini-program account this device opened unlinked (309 at launch) is linked by this login.
    mutationFn: ({ phone, code }: { phone: string; code: string }) =>
      smsLogin(phone, code, useAuthStore.getState().codeP, pendingMiniProgramBinding()),
    onSuccess: ({ token, userinfo }) => {
      useAuthStore.getState().loggedIn(token, userinfo);
      bindingDone();
      cache.lastLoginSms.clear();
      // Pages cached while anonymous now answer differently.
      void queryClient.invalidateQueries();
    },
  });
}

/** Logs out and shows the person tab. The device forgets the login even if the server cannot be reached. */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logOut();
      } finally {
        useAuthStore.getState().loggedOut();
        queryClient.removeQueries({ queryKey: queryKeys.user.all });
        await switchTab('person');
      }
    },
  });
}

/** Cancels the account; a refusal (money or open orders left) keeps the user logged in and is shown as the server words it. */
export function useCancelAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAccount,
    onSuccess: async () => {
      useAuthStore.getState().accountCancelled();
      queryClient.removeQueries({ queryKey: queryKeys.user.all });
      await switchTab('person');
    },
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => useUserStore.getState().applyProfileChange(saved),
  });
}
