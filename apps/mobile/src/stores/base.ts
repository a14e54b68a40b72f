import { create } from 'zustand';

interface BaseState {
  /** SPEC.md §3 base state: whether pages show their content. Not persisted: each launch starts shown. */
  isShowPage: boolean;
  setShowPage(show: boolean): void;
}

export const useBaseStore = create<BaseState>()((set) => ({
  isShowPage: true,
  setShowPage: (show) => set({ isShowPage: show }),
}));
