import Taro from '@tarojs/taro';
import type { StateStorage } from 'zustand/middleware';

/** Every local-storage key the app writes, so two features never collide on one. */
export const StorageKey = {
  /** Persisted settings store (the chosen UI locale). */
  settings: 'settings',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/**
 * zustand's persist storage over Taro's storage API, which all three platforms have (mini-programs
 * have no localStorage). It is synchronous, so a persisted store is hydrated before the first render
 * and the UI never flashes the wrong language.
 */
export const taroStateStorage: StateStorage = {
  getItem(name) {
    const stored: unknown = Taro.getStorageSync(name);
    return typeof stored === 'string' && stored !== '' ? stored : null;
  },
  setItem(name, value) {
    Taro.setStorageSync(name, value);
  },
  removeItem(name) {
    Taro.removeStorageSync(name);
  },
};
