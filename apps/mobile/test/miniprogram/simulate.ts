/**
 * The WeChat build run by WeChat's component test tool, miniprogram-simulate (j-component over
 * jsdom, templates compiled by wcc): the build's own app.js and page scripts, with the globals the
 * WeChat client gives them. Taro registers pages with Page(), which the tool does not have, so a
 * page is registered as a Component() whose methods are the page's lifecycle and event handlers,
 * the way WeChat itself accepts a page built with Component(). `wx` is a stand-in whose
 * wx.request goes over real HTTP to the given server.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The host the weapp build was made to call when TARO_APP_API_HOST was not set (config/index.ts). */
export const builtApiHost = 'http://127.0.0.1:8080';

type Callbacks = { success?: (result: unknown) => void; fail?: (error: unknown) => void; complete?: (result: unknown) => void };
type AnyFunction = (...args: any[]) => any;

export interface SimulatedPage {
  /** Text of the rendered page, the way a user reads it. */
  text(): string;
  /** The rendered DOM root. */
  dom: HTMLElement;
  /** j-component's wrapper of the page. */
  component: any;
  /** The page's `this` (setData, data, lifecycle methods). */
  instance: any;
  unload(): void;
}

export interface MiniProgram {
  /** Opens the page at `pagePath` ('pages/home/home') with `query`, as the client would. */
  open(pagePath: string, query?: Record<string, string>): SimulatedPage;
  /** Renders the custom tab bar. */
  tabBar(): SimulatedPage;
  /** Errors the app reported or threw (console.error, uncaught errors, failed lifecycles). */
  errors: string[];
  /** Every wx API the app called, by name. */
  calls: string[];
  /** Storage the app keeps through wx.*Storage*. */
  storage: Map<string, unknown>;
  /** Every request the app made, in order: method, path with query, and the JSON body of a POST. */
  requests: SimulatedRequest[];
  /** The template ids of every consent request (wx.requestSubscribeMessage), in order. */
  subscribeAsks: string[][];
  /** How the user answers the next consent requests: 'accept' (the default) or 'reject' for every template. */
  subscribeAnswer: 'accept' | 'reject';
}

export interface SimulatedRequest {
  method: string;
  path: string;
  body: unknown;
  /** The server's answer (parsed JSON), once it has come: set before the app's callback runs. */
  answer?: unknown;
}

/**
 * Calls that only ask the client to do something on screen or on the device (navigate, toast, copy,
 * pick); the stand-in answers ok. They are listed because Taro wraps only the APIs `wx` enumerates.
 */
const acknowledgedApis = [
  'setClipboardData',
  'showToast',
  'hideToast',
  'showLoading',
  'hideLoading',
  'previewImage',
  'chooseImage',
  'chooseMedia',
  'uploadFile',
  'switchTab',
  'navigateTo',
  'navigateBack',
  'redirectTo',
  'reLaunch',
  'setNavigationBarTitle',
  'setNavigationBarColor',
  'saveImageToPhotosAlbum',
  'pageScrollTo',
  'openSetting',
  'getSetting',
  'authorize',
  'makePhoneCall',
  'canvasToTempFilePath',
  'requestMerchantTransfer',
  'stopPullDownRefresh',
  'hideKeyboard',
  'vibrateShort',
  'showTabBar',
  'hideTabBar',
  'showActionSheet',
  'downloadFile',
  'getImageInfo',
  'requestPayment',
];

const systemInfo = {
  brand: 'devtools',
  model: 'iPhone X',
  pixelRatio: 2,
  screenWidth: 375,
  screenHeight: 812,
  windowWidth: 375,
  windowHeight: 812,
  statusBarHeight: 44,
  language: 'zh_CN',
  version: '8.0.50',
  system: 'iOS 16.0',
  platform: 'devtools',
  SDKVersion: '3.5.0',
  safeArea: { top: 44, left: 0, right: 375, bottom: 778, width: 375, height: 734 },
  theme: 'light',
};

function queryString(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  return new URLSearchParams(
    Object.entries(data as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}

/** A request body as JSON when it is JSON, else as it was sent. */
function jsonOrText(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** What the wx stand-in records of the app's requests and consent asks, and how it answers those. */
interface Recorded {
  requests: SimulatedRequest[];
  subscribeAsks: string[][];
  subscribeAnswer: 'accept' | 'reject';
}

/**
 * The wx stand-in: request over real HTTP to `apiUrl`, storage in memory, a consent request answered
 * as `recorded.subscribeAnswer` says, every other API succeeding.
 */
function createWx(
  apiUrl: string,
  calls: string[],
  storage: Map<string, unknown>,
  errors: string[],
  recorded: Recorded,
): Record<string, unknown> {
  const succeed = (name: string, options: Callbacks | undefined, result: Record<string, unknown> = {}) => {
    const answer = { errMsg: `${name}:ok`, ...result };
    setTimeout(() => {
      options?.success?.(answer);
      options?.complete?.(answer);
    });
  };
  const own: Record<string, unknown> = {
    request(options: Callbacks & { url: string; method?: string; data?: unknown; header?: Record<string, string> }) {
      calls.push('request');
      const method = (options.method ?? 'GET').toUpperCase();
      let url = options.url.startsWith(builtApiHost) ? apiUrl + options.url.slice(builtApiHost.length) : options.url;
      const headers = { ...(options.header ?? {}) };
      let body: string | undefined;
      if (method === 'GET') {
        const search = queryString(options.data);
        if (search) url += (url.includes('?') ? '&' : '?') + search;
      } else if (options.data !== undefined) {
        const type = Object.entries(headers).find(([key]) => key.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
        if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) headers['content-type'] = type;
        body = type.includes('json')
          ? JSON.stringify(options.data)
          : typeof options.data === 'string'
            ? options.data
            : queryString(options.data);
      }
      const target = new URL(url, apiUrl);
      const sent: SimulatedRequest = { method, path: target.pathname + target.search, body: jsonOrText(body) };
      recorded.requests.push(sent);
      let aborted = false;
      fetch(url, { method, headers, body }).then(
        async (response) => {
          const text = await response.text();
          let data: unknown = text;
          try {
            data = JSON.parse(text);
          } catch {
            // Not JSON: WeChat hands over the text as it came.
          }
          if (aborted) return;
          sent.answer = data;
          const result = { data, statusCode: response.status, header: Object.fromEntries(response.headers), errMsg: 'request:ok' };
          options.success?.(result);
          options.complete?.(result);
        },
        (error: unknown) => {
          if (aborted) return;
          const result = { errMsg: `request:fail ${error instanceof Error ? error.message : String(error)}` };
          options.fail?.(result);
          options.complete?.(result);
        },
      );
      return {
        abort: () => (aborted = true),
        onHeadersReceived() {},
        offHeadersReceived() {},
        onChunkReceived() {},
        offChunkReceived() {},
      };
    },
    getStorageSync: (key: string) => (storage.has(key) ? storage.get(key) : ''),
    setStorageSync: (key: string, value: unknown) => void storage.set(key, value),
    removeStorageSync: (key: string) => void storage.delete(key),
    clearStorageSync: () => storage.clear(),
    getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
    getStorage: (options: Callbacks & { key: string }) =>
      storage.has(options.key)
        ? succeed('getStorage', options, { data: storage.get(options.key) })
        : setTimeout(() => options.fail?.({ errMsg: 'getStorage:fail data not found' })),
    setStorage: (options: Callbacks & { key: string; data: unknown }) => {
      storage.set(options.key, options.data);
      succeed('setStorage', options);
    },
    removeStorage: (options: Callbacks & { key: string }) => {
      storage.delete(options.key);
      succeed('removeStorage', options);
    },
    getSystemInfoSync: () => systemInfo,
    getWindowInfo: () => systemInfo,
    getDeviceInfo: () => systemInfo,
    getAppBaseInfo: () => systemInfo,
    getSystemSetting: () => ({ theme: 'light' }),
    getSystemInfo: (options: Callbacks) => succeed('getSystemInfo', options, systemInfo),
    getMenuButtonBoundingClientRect: () => ({ top: 48, bottom: 80, left: 281, right: 368, width: 87, height: 32 }),
    getLaunchOptionsSync: () => ({ path: 'pages/home/home', query: {}, scene: 1001 }),
    getEnterOptionsSync: () => ({ path: 'pages/home/home', query: {}, scene: 1001 }),
    getAccountInfoSync: () => ({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }),
    canIUse: () => true,
    nextTick: (callback: () => void) => setTimeout(callback),
    login: (options: Callbacks) => succeed('login', options, { code: 'simulated-wx-login-code' }),
    createSelectorQuery: () => {
      const query: Record<string, AnyFunction> = {};
      const node = {
        boundingClientRect: () => query,
        fields: () => query,
        scrollOffset: () => query,
        node: () => query,
        context: () => query,
      };
      Object.assign(query, {
        in: () => query,
        select: () => node,
        selectAll: () => node,
        selectViewport: () => node,
        exec: (callback?: (result: unknown[]) => void) => setTimeout(() => callback?.([])),
      });
      return query;
    },
    createIntersectionObserver: () => ({
      relativeTo: () => ({ observe() {} }),
      relativeToViewport: () => ({ observe() {} }),
      observe() {},
      disconnect() {},
    }),
    onAppShow() {},
    onAppHide() {},
    offAppShow() {},
    offAppHide() {},
    onError() {},
    onUnhandledRejection() {},
    onPageNotFound() {},
    onWindowResize() {},
    offWindowResize() {},
    onNetworkStatusChange() {},
    getNetworkType: (options: Callbacks) => succeed('getNetworkType', options, { networkType: 'wifi' }),
    reportAnalytics() {},
    getRandomValues: (options: Callbacks & { length: number }) =>
      succeed('getRandomValues', options, { randomValues: randomBytes(options.length).buffer }),
    showModal: (options: Callbacks) => succeed('showModal', options, { confirm: false, cancel: true }),
    // WeChat answers each asked template id with the user's choice.
    requestSubscribeMessage: (options: Callbacks & { tmplIds: string[] }) => {
      recorded.subscribeAsks.push([...options.tmplIds]);
      succeed('requestSubscribeMessage', options, Object.fromEntries(options.tmplIds.map((id) => [id, recorded.subscribeAnswer])));
    },
  };
  for (const name of acknowledgedApis) {
    if (!(name in own)) own[name] = (options?: Callbacks) => succeed(name, options);
  }
  return new Proxy(own, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (key in target) {
        const value = target[key];
        if (Object.hasOwn(target, key) && typeof value === 'function' && key !== 'request') calls.push(key);
        return value;
      }
      if (key === 'webpackJsonp' || key.startsWith('__') || /^[A-Z]/.test(key) || key === 'env') return undefined;
      // Anything else (navigation, toasts, titles, pickers): WeChat would do it and answer ok.
      return (options?: Callbacks) => {
        calls.push(key);
        if (key.endsWith('Sync')) return undefined;
        succeed(key, options);
        return undefined;
      };
    },
    set(target, key, value) {
      target[key as string] = value;
      return true;
    },
    ownKeys: (target) => Reflect.ownKeys(target),
    has: (target, key) => typeof key === 'string' && (key in target || !/^(webpackJsonp|__)/.test(key)),
  }) as Record<string, unknown>;
  void errors;
}

/** Page() options as a Component() definition: data stays, every function becomes a method. */
function pageAsComponent(options: Record<string, unknown>): Record<string, unknown> {
  const methods: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) if (typeof value === 'function') methods[key] = value;
  return { data: options.data ?? {}, methods, behaviors: [], options: { addGlobalClass: true } };
}

/**
 * Boots the weapp build in `dist` (app.js and its chunks, then App's onLaunch/onShow) with wx.request
 * going to `apiUrl`, in a jsdom document of its own (the tool renders into a DOM).
 */
export function bootMiniProgram(dist: string, apiUrl: string): MiniProgram {
  const errors: string[] = [];
  const calls: string[] = [];
  const storage = new Map<string, unknown>();
  const recorded: Recorded = { requests: [], subscribeAsks: [], subscribeAnswer: 'accept' };
  const scope = globalThis as Record<string, any>;
  const { JSDOM } = require('jsdom') as { JSDOM: new (html: string, options: Record<string, unknown>) => { window: Window } };
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true });
  for (const name of [
    'window',
    'document',
    'Node',
    'Element',
    'HTMLElement',
    'Event',
    'CustomEvent',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
  ]) {
    scope[name] = name === 'window' ? window : (window as unknown as Record<string, unknown>)[name];
  }
  scope.wx = createWx(apiUrl, calls, storage, errors, recorded);
  const simulate = require('miniprogram-simulate') as {
    load(componentPath: string, options: Record<string, unknown>): string;
    render(id: string, properties?: Record<string, unknown>): any;
  };
  // The tool puts its own mocked wx APIs underneath ours.
  scope.wx = createWx(apiUrl, calls, storage, errors, recorded);

  const registerComponent = scope.Component as (definition: Record<string, unknown>) => void;
  scope.Component = (definition: Record<string, unknown>) =>
    registerComponent({ ...definition, behaviors: Array.isArray(definition.behaviors) ? definition.behaviors : [] });
  scope.Page = (options: Record<string, unknown>) => registerComponent(pageAsComponent(options));

  let app: Record<string, any> | undefined;
  const openPages: any[] = [];
  scope.App = (options: Record<string, any>) => (app = options);
  scope.getApp = () => app;
  scope.getCurrentPages = () => openPages;

  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '));
    originalError(...args);
  };

  require(path.join(dist, 'app.js'));
  if (!app) throw new Error('app.js did not call App()');
  const launch = { path: 'pages/home/home', query: {}, scene: 1001 };
  app.onLaunch?.call(app, launch);
  app.onShow?.call(app, launch);

  const loadOptions = { rootPath: dist, compiler: 'official' };
  const loaded = new Map<string, string>();
  const mount = (componentPath: string, route: string, asPage: boolean, query: Record<string, string>): SimulatedPage => {
    // A page's script runs once: its webpack chunk registers it with Page() the first time only.
    let id = loaded.get(componentPath);
    if (!id) {
      id = simulate.load(path.join(dist, componentPath), loadOptions);
      loaded.set(componentPath, id);
    }
    const component = simulate.render(id);
    const instance = component.instance;
    instance.route = route;
    instance.__route__ = route;
    instance.options = query;
    const parent = document.createElement('parent-wrapper');
    document.body.appendChild(parent);
    if (asPage) openPages.push(instance);
    component.attach(parent);
    if (asPage) {
      for (const [lifecycle, argument] of [
        ['onLoad', query],
        ['onShow', undefined],
        ['onReady', undefined],
      ] as const) {
        try {
          instance[lifecycle]?.(argument);
        } catch (error) {
          errors.push(`${route} ${lifecycle}: ${error instanceof Error ? `${error.message}\n${error.stack}` : String(error)}`);
        }
      }
    }
    return {
      component,
      instance,
      dom: component.dom as HTMLElement,
      text: () => (component.dom as HTMLElement).textContent ?? '',
      unload() {
        if (asPage) {
          try {
            instance.onHide?.();
            instance.onUnload?.();
          } catch (error) {
            errors.push(`${route} onUnload: ${error instanceof Error ? error.message : String(error)}`);
          }
          openPages.splice(openPages.indexOf(instance), 1);
        }
        component.detach();
        parent.remove();
      },
    };
  };

  return {
    open: (pagePath, query = {}) => mount(pagePath, pagePath, true, query),
    tabBar: () => mount('custom-tab-bar/index', 'custom-tab-bar/index', false, {}),
    errors,
    calls,
    storage,
    requests: recorded.requests,
    subscribeAsks: recorded.subscribeAsks,
    get subscribeAnswer() {
      return recorded.subscribeAnswer;
    },
    set subscribeAnswer(answer) {
      recorded.subscribeAnswer = answer;
    },
  };
}
