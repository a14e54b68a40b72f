import { create } from 'zustand';

interface GoodsClassSelectionState {
  /** The category the Category tab shows; null shows the first. */
  categoryId: number | null;
  selectCategory(id: number): void;
}

/**
 * The category chosen for the Category tab. switchTab takes no query, so a category entry on
 * home writes it here and the tab reads it when it shows.
 */
export const useGoodsClassSelection = create<GoodsClassSelectionState>()((set) => ({
  categoryId: null,
  selectCategory: (id) => set({ categoryId: id }),
}));
