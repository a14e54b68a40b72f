/**
 * `@tarojs/taro` for unit tests (vi.mock): Taro's own H5 request and uploadFile, so calls really go
 * over HTTP, with the device around them (storage, toasts, modals, the page stack) as spies.
 */
import { vi } from 'vitest';

// Taro's build defines these; its H5 runtime reads them as soon as it loads.
Object.assign(globalThis, {
  ENABLE_INNER_HTML: true,
  ENABLE_ADJACENT_HTML: true,
  ENABLE_SIZE_APIS: true,
  ENABLE_TEMPLATE_CONTENT: true,
  ENABLE_CLONE_NODE: true,
  ENABLE_CONTAINS: true,
  ENABLE_MUTATION_OBSERVER: true,
});

const network = await import('@tarojs/taro-h5/dist/api/network/index.js');

/** The device's storage, as Taro's sync storage API sees it. */
export const deviceStorage = new Map<string, unknown>();

interface FakePage {
  route: string;
}

/** The page stack, top last. */
export const pageStack: FakePage[] = [{ route: 'pages/home/home' }];

const done = (api: string) => ({ errMsg: `${api}:ok` });

type AppShowListener = (result: { path: string; query: Record<string, unknown> }) => void;
const appShowListeners = new Set<AppShowListener>();

/** The platform bringing the mini-program to the foreground, e.g. from a share card opened in a chat. */
export function showApp(result: { path: string; query: Record<string, unknown> }): void {
  for (const listener of appShowListeners) listener(result);
}

export const fakeTaro = {
  request: vi.fn(network.request),
  uploadFile: vi.fn(network.uploadFile),
  showLoading: vi.fn(async (_option: { title: string; mask?: boolean }) => done('showLoading')),
  hideLoading: vi.fn(() => undefined),
  showToast: vi.fn(async (_option: { title: string; icon?: string; duration?: number }) => done('showToast')),
  /** Answers what the test decides; the user confirms unless told otherwise. */
  showModal: vi.fn(async (_option: { title?: string; content?: string; confirmText?: string; cancelText?: string }) => ({
    ...done('showModal'),
    confirm: true,
    cancel: false,
  })),
  getRandomValues: undefined,
  getStorageSync: (key: string): unknown => deviceStorage.get(key) ?? '',
  setStorageSync: (key: string, value: unknown) => void deviceStorage.set(key, value),
  removeStorageSync: (key: string) => void deviceStorage.delete(key),
  getCurrentPages: () => pageStack.slice(),
  navigateTo: vi.fn(async (option: { url: string }) => {
    pageStack.push({ route: option.url.replace(/^\//, '').split('?')[0]! });
    return done('navigateTo');
  }),
  navigateBack: vi.fn(async () => {
    pageStack.pop();
    return done('navigateBack');
  }),
  switchTab: vi.fn(async (option: { url: string }) => {
    pageStack.splice(0, pageStack.length, { route: option.url.replace(/^\//, '') });
    return done('switchTab');
  }),
  reLaunch: vi.fn(async (option: { url: string }) => {
    pageStack.splice(0, pageStack.length, { route: option.url.replace(/^\//, '').split('?')[0]! });
    return done('reLaunch');
  }),
  redirectTo: vi.fn(async () => done('redirectTo')),
  getSystemInfoSync: () => ({ language: 'zh_CN' }),
  getAppBaseInfo: () => ({ language: 'zh_CN' }),
  getLaunchOptionsSync: () => ({ query: {} as Record<string, string> }),
  onAppShow: (listener: AppShowListener) => void appShowListeners.add(listener),
  offAppShow: (listener: AppShowListener) => void appShowListeners.delete(listener),
};

/** A fresh device: empty storage, home as the only page, no recorded calls. */
export function resetDevice(): void {
  deviceStorage.clear();
  pageStack.splice(0, pageStack.length, { route: 'pages/home/home' });
  appShowListeners.clear();
  for (const value of Object.values(fakeTaro)) {
    if (vi.isMockFunction(value)) value.mockClear();
  }
}

/** The module shape vi.mock('@tarojs/taro') needs. */
export function taroModule() {
  return { default: fakeTaro, ...fakeTaro, useDidShow: () => undefined };
}
