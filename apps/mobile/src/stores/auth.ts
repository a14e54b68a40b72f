import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { cache, StorageKey, taroStateStorage } from '@/storage/cache';
import { useUserStore, type UserInfo } from './user';

/** The login state, with its transitions (docs/product.md "Login states"). */
interface AuthState {
  isLogin: boolean;
  /** The face-verification URL of a real-name check in progress. */
  certifyUrl: string;
  /** The user logged out (rather than never having logged in). */
  isLogout: boolean;
  /** The user cancelled their account. */
  isUserCancel: boolean;
  /** Referral code from the launch query parameter p; '' when there was none. */
  codeP: string;

  /** A login succeeded: keep its token and user. */
  loggedIn(token: string, userinfo: UserInfo): void;
  /** The user logged out: the login token is dropped. */
  loggedOut(): void;
  /** The user cancelled the account: as a logout, remembered as a cancellation. */
  accountCancelled(): void;
  /** The server no longer accepts this login (995, or the login token was rejected). */
  sessionExpired(): void;
  setCertifyUrl(url: string): void;
  setCodeP(code: string): void;
}

/** Leaves the logged-in state: the token and the user's data go, the device keeps its anonymous token. */
function dropLogin(): void {
  cache.loginToken.clear();
  useUserStore.getState().forget();
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      isLogin: false,
      certifyUrl: '',
      isLogout: false,
      isUserCancel: false,
      codeP: '',

      loggedIn: (token, userinfo) => {
        cache.loginToken.write(token);
        useUserStore.getState().setUserinfo(userinfo);
        set({ isLogin: true, isLogout: false, isUserCancel: false });
      },
      loggedOut: () => {
        dropLogin();
        set({ isLogin: false, isLogout: true, certifyUrl: '' });
      },
      accountCancelled: () => {
        dropLogin();
        set({ isLogin: false, isLogout: true, isUserCancel: true, certifyUrl: '' });
      },
      sessionExpired: () => {
        dropLogin();
        set({ isLogin: false });
      },
      setCertifyUrl: (url) => set({ certifyUrl: url }),
      setCodeP: (code) => set({ codeP: code }),
    }),
    {
      name: StorageKey.auth,
      version: 1,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: ({ isLogin, certifyUrl, isLogout, isUserCancel, codeP }) => ({ isLogin, certifyUrl, isLogout, isUserCancel, codeP }),
      // Logged in means a login token is stored: state and token may disagree after storage was cleared.
      merge: (persisted, current) => {
        const state = { ...current, ...(persisted as Partial<AuthState> | undefined) };
        return { ...state, isLogin: state.isLogin === true && cache.loginToken.read() !== null };
      },
    },
  ),
);
