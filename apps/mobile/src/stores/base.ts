import { create } from 'zustand';

interface BaseState {
  /** Whether pages show their content (docs/product.md "Client state and storage"). Not persisted: each launch starts shown. */
  isShowPage: boolean;
  setShowPage(show: boolean): void;
}

export const useBaseStore = create<BaseState>()((set) => ({
  isShowPage: true,
  setShowPage: (show) => set({ isShowPage: show }),
}));
