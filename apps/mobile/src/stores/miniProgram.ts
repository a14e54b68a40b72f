import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { StorageKey, taroStateStorage } from '@/storage/cache';

interface MiniProgramState {
  /** The WeChat openid of a mini-program account not yet bound to a phone (code 309, docs/product.md "Response codes"). */
  openid: string;
  setOpenid(openid: string): void;
}

export const useMiniProgramStore = create<MiniProgramState>()(
  persist(
    (set) => ({
      openid: '',
      setOpenid: (openid) => set({ openid }),
    }),
    {
      name: StorageKey.miniProgram,
      version: 1,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: (state) => ({ openid: state.openid }),
    },
  ),
);
