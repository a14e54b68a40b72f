import { isLocale, type Locale } from '@maika/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { StorageKey, taroStateStorage } from '@/storage/cache';

interface SettingsState {
  /** The locale picked in Settings; null follows the device language. */
  chosenLocale: Locale | null;
  chooseLocale(locale: Locale | null): void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      chosenLocale: null,
      chooseLocale: (locale) => set({ chosenLocale: locale }),
    }),
    {
      name: StorageKey.settings,
      version: 1,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: (state) => ({ chosenLocale: state.chosenLocale }),
      // Storage is user-writable on H5: anything but a known locale means "follow the device".
      merge: (persisted, current) => {
        const chosen = (persisted as Partial<SettingsState> | undefined)?.chosenLocale;
        return { ...current, chosenLocale: isLocale(chosen) ? chosen : null };
      },
    },
  ),
);
