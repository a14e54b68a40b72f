import { create } from 'zustand';
import type { TabRouteName } from '@/routes';

interface TabBarState {
  /** The tab page on screen; null until the first tab page shows. */
  selected: TabRouteName | null;
  select(tab: TabRouteName): void;
}

/**
 * Mini-programs create one custom tab bar per tab page, outside the page's React tree, so the
 * page on screen reports itself here and every tab bar instance reads it.
 */
export const useTabBarStore = create<TabBarState>()((set) => ({
  selected: null,
  select: (tab) => set({ selected: tab }),
}));
