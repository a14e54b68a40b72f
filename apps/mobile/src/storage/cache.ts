import Taro from '@tarojs/taro';
import type { StateStorage } from 'zustand/middleware';
import { settingsStorageKey } from '@/i18n/startLocale';

/** Every local-storage key the app writes, so two features never collide on one. */
export const StorageKey = {
  /** Persisted settings store (the chosen UI locale). */
  settings: settingsStorageKey,
  /** Anonymous token from getToken (docs/product.md "Client state and storage"). */
  anonymousToken: 'token',
  /** Token of the logged-in user (docs/product.md "Client state and storage"). */
  loginToken: 'loginToken',
  /** Device id sent as the `uuid` header; generated once per install. */
  deviceId: 'uuid',
  /** Persisted auth store (isLogin, codeP, ...). */
  auth: 'auth',
  /** Persisted user store (userinfo). */
  user: 'user',
  /** Persisted mini-program store (openid). */
  miniProgram: 'miniProgram',
  /** The phone the last login code went to and when another may be sent, so the countdown survives a reload. */
  lastLoginSms: 'lastLoginSms',
  /** The same for the last phone-change code (to the current phone, or to the new one). */
  lastModifySms: 'lastModifySms',
  /** Persisted recent-searches store of the search page. */
  recentSearches: 'recentSearches',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** A synchronous string store (Taro's storage on the device); zustand's persist accepts it as is. */
export interface KeyValueStorage extends StateStorage<void> {
  getItem(name: string): string | null;
}

/**
 * zustand's persist storage over Taro's storage API, which all three platforms have (mini-programs
 * have no localStorage). It is synchronous, so a persisted store is hydrated before the first render
 * and the UI never flashes the wrong language.
 */
export const taroStateStorage: KeyValueStorage = {
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

/** One stored string. */
export interface CachedText {
  read(): string | null;
  write(value: string): void;
  clear(): void;
}

function cachedText(storage: KeyValueStorage, key: StorageKey): CachedText {
  return {
    read: () => storage.getItem(key),
    write: (value) => storage.setItem(key, value),
    clear: () => storage.removeItem(key),
  };
}

/** The tokens and device id the request layer sends. */
export interface CredentialCache {
  anonymousToken: CachedText;
  loginToken: CachedText;
  deviceId: CachedText;
}

export interface LastLoginSms {
  phone: string;
  /** Epoch milliseconds from which another code may be requested. */
  resendAtMs: number;
}

/** One stored JSON value; anything unreadable (storage is user-writable on H5) reads as absent. */
export interface CachedValue<T> {
  read(): T | null;
  write(value: T): void;
  clear(): void;
}

function cachedJson<T>(storage: KeyValueStorage, key: StorageKey, isValid: (value: unknown) => value is T): CachedValue<T> {
  const text = cachedText(storage, key);
  return {
    read: () => {
      const stored = text.read();
      if (stored === null) return null;
      try {
        const value: unknown = JSON.parse(stored);
        return isValid(value) ? value : null;
      } catch {
        return null;
      }
    },
    write: (value) => text.write(JSON.stringify(value)),
    clear: text.clear,
  };
}

function isLastLoginSms(value: unknown): value is LastLoginSms {
  const candidate = value as Partial<LastLoginSms> | null;
  return typeof candidate?.phone === 'string' && typeof candidate.resendAtMs === 'number' && Number.isFinite(candidate.resendAtMs);
}

export interface Cache extends CredentialCache {
  lastLoginSms: CachedValue<LastLoginSms>;
  lastModifySms: CachedValue<LastLoginSms>;
}

export function createCache(storage: KeyValueStorage): Cache {
  return {
    anonymousToken: cachedText(storage, StorageKey.anonymousToken),
    loginToken: cachedText(storage, StorageKey.loginToken),
    deviceId: cachedText(storage, StorageKey.deviceId),
    lastLoginSms: cachedJson(storage, StorageKey.lastLoginSms, isLastLoginSms),
    lastModifySms: cachedJson(storage, StorageKey.lastModifySms, isLastLoginSms),
  };
}

/** Typed access to the device's storage: the one place keys and value types meet. */
export const cache: Cache = createCache(taroStateStorage);
