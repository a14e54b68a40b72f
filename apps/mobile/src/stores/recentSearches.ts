import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { StorageKey, taroStateStorage } from '@/storage/cache';

/** How many recent searches are kept. */
export const RECENT_SEARCH_LIMIT = 10;

/** `keyword` first, without its earlier copy, at most RECENT_SEARCH_LIMIT long. */
export function withRecentSearch(keywords: readonly string[], keyword: string): string[] {
  const trimmed = keyword.trim();
  if (trimmed === '') return [...keywords];
  return [trimmed, ...keywords.filter((kept) => kept !== trimmed)].slice(0, RECENT_SEARCH_LIMIT);
}

interface RecentSearchesState {
  /** Newest first. */
  keywords: string[];
  remember(keyword: string): void;
  clear(): void;
}

/** Card-type searches on this device, so a seller can repeat one with a tap. */
export const useRecentSearches = create<RecentSearchesState>()(
  persist(
    (set) => ({
      keywords: [],
      remember: (keyword) => set((state) => ({ keywords: withRecentSearch(state.keywords, keyword) })),
      clear: () => set({ keywords: [] }),
    }),
    {
      name: StorageKey.recentSearches,
      version: 1,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: (state) => ({ keywords: state.keywords }),
      // Storage is user-writable on H5: keep only strings, and no more than the limit.
      merge: (persisted, current) => {
        const stored = (persisted as Partial<RecentSearchesState> | undefined)?.keywords;
        const keywords = Array.isArray(stored)
          ? stored.filter((keyword): keyword is string => typeof keyword === 'string').reduceRight(withRecentSearch, [] as string[])
          : [];
        return { ...current, keywords };
      },
    },
  ),
);
