/**
 * The one HTTP module: the request layer of client.ts on Taro's network, UI and storage APIs.
 * Nothing else in the app calls Taro.request or Taro.uploadFile.
 */
import Taro from '@tarojs/taro';
import { createFeedback } from '@/feedback';
import { currentLocale } from '@/i18n';
import { currentRouteName, navigateTo } from '@/navigation';
import { cache, type CredentialCache } from '@/storage/cache';
import { useAuthStore } from '@/stores/auth';
import {
  createApiClient,
  platformErrorCode,
  TransportFailure,
  type ApiPlatform,
  type ApiSession,
  type Endpoint,
  type WireRequest,
  type WireResponse,
  type WireUpload,
} from './client';

export { ApiError } from './client';
export type { Endpoint, ResponseEnvelope } from './client';

/** The API host ('' on H5 served by our own server; absolute for mini-programs, from the build env TARO_APP_API_HOST). */
export const apiHost: string = (process.env.TARO_APP_API_HOST ?? '').replace(/\/+$/, '');

/** Runs a Taro network call, turning its failure into a TransportFailure that names the cause. */
async function transport<T>(timeoutMs: number, call: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await call();
  } catch (failure) {
    const detail = (failure as { errMsg?: string; message?: string } | null)?.errMsg ?? String(failure);
    throw new TransportFailure(platformErrorCode(failure, Date.now() - started, timeoutMs), detail);
  }
}

/** The Taro APIs the layer runs on: the real Taro on devices, Taro's H5 network code and spies in tests. */
export type TaroApi = Pick<
  typeof Taro,
  'request' | 'uploadFile' | 'showLoading' | 'hideLoading' | 'showToast' | 'showModal' | 'getRandomValues'
>;

export function createTaroPlatform(taro: TaroApi, storage: CredentialCache): ApiPlatform {
  const feedback = createFeedback(taro);
  return {
    send: (request: WireRequest) =>
      transport(request.timeoutMs, async (): Promise<WireResponse> => {
        const response = await taro.request({
          url: request.url,
          method: request.method,
          header: request.headers,
          data: request.body,
          timeout: request.timeoutMs,
          dataType: request.responseType,
          responseType: 'text',
        });
        return { status: response.statusCode, body: response.data as unknown };
      }),
    upload: (upload: WireUpload) =>
      transport(upload.timeoutMs, async (): Promise<WireResponse> => {
        const response = await taro.uploadFile({
          url: upload.url,
          filePath: upload.filePath,
          name: upload.fieldName,
          header: upload.headers,
          timeout: upload.timeoutMs,
        });
        return { status: response.statusCode, body: response.data };
      }),
    showLoading: feedback.showLoading,
    hideLoading: feedback.hideLoading,
    showToast: (text) => feedback.toast(text),
    confirm: feedback.confirm,
    storage,
    randomBytes: async (length) => {
      // Browsers have Web Crypto; WeChat offers getRandomValues; Alipay has neither.
      if (globalThis.crypto?.getRandomValues) return globalThis.crypto.getRandomValues(new Uint8Array(length));
      try {
        const { randomValues } = await taro.getRandomValues({ length });
        return new Uint8Array(randomValues);
      } catch {
        return null;
      }
    },
  };
}

const appSession: ApiSession = {
  locale: currentLocale,
  referralCode: () => useAuthStore.getState().codeP,
  markLoggedOut: () => useAuthStore.getState().sessionExpired(),
  mayPromptLogin: () => currentRouteName() !== 'login',
  pageShown: waitForPageShown,
  openLogin: () => void navigateTo('login').catch(() => undefined),
};

/**
 * Taro's APIs named statically: on H5, Taro's compiler links only the APIs written as `Taro.name`,
 * so the Taro object handed over whole would not have them.
 */
const taroApi: TaroApi = {
  request: (option) => Taro.request(option),
  uploadFile: (option) => Taro.uploadFile(option),
  showLoading: (option) => Taro.showLoading(option),
  hideLoading: (option) => Taro.hideLoading(option),
  showToast: (option) => Taro.showToast(option),
  showModal: (option) => Taro.showModal(option),
  getRandomValues: (option) => Taro.getRandomValues(option),
};

const client = createApiClient({ apiHost, platform: createTaroPlatform(taroApi, cache), session: appSession });

/** Resolves with body.data for success codes (200, 300, 309, 333, 338); see docs/product.md "Response codes" for the rest. */
export function request<T>(endpoint: Endpoint, data?: Record<string, unknown>): Promise<T> {
  return client.request<T>(endpoint, data);
}

/** Like request, but resolves with { code, msg, data } so a page can branch on 309/333/338. */
export function requestEnvelope<T>(endpoint: Endpoint, data?: Record<string, unknown>): Promise<{ code: number; msg: string; data: T }> {
  return client.requestEnvelope<T>(endpoint, data);
}

/** Uploads a local file (from chooseImage) as multipart field `file`; answers like request. */
export function uploadFile<T>(endpoint: Endpoint, filePath: string): Promise<T> {
  return client.uploadFile<T>(endpoint, filePath);
}

/** GET of a server-relative file (rich-text templates) as text. */
export function fetchText(path: string): Promise<string> {
  return client.fetchText(path);
}

/** Absolute URL for a server-relative asset path (avatars, images), per docs/product.md "Client state and storage". */
export function assetUrl(path: string | null | undefined): string {
  return client.assetUrl(path);
}

/**
 * Taro's H5 router closes any dialog raised on another path than the page it has just shown, and it
 * says so a macrotask after the page mounts; under load a 995 can arrive before that. So wait for a
 * page, then let the router's change event pass.
 */
async function waitForPageShown(): Promise<void> {
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let waited = 0; Taro.getCurrentPages().length === 0 && waited < 10_000; waited += 100) await tick(100);
  await tick(50);
}
