import type { UserInfo } from '@maika/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { StorageKey, taroStateStorage } from '@/storage/cache';

export type { UserInfo };

/** What updateInfo answers with; the rest of the profile is unchanged by it. */
export type ProfileChange = Partial<Pick<UserInfo, 'nickname' | 'avatar' | 'gender'>>;

interface UserState {
  /** The logged-in user as the server last described them; null when nobody is logged in. */
  userinfo: UserInfo | null;
  setUserinfo(userinfo: UserInfo): void;
  applyProfileChange(change: ProfileChange): void;
  forget(): void;
}

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      userinfo: null,
      setUserinfo: (userinfo) => set({ userinfo }),
      applyProfileChange: (change) => set((state) => (state.userinfo ? { userinfo: { ...state.userinfo, ...change } } : state)),
      forget: () => set({ userinfo: null }),
    }),
    {
      name: StorageKey.user,
      version: 1,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: (state) => ({ userinfo: state.userinfo }),
    },
  ),
);
