/**
 * The request layer of docs/product.md "API calls" and "Response codes" without the platform: what
 * to send, which token, and what each answer means. The platform (transport, toast / loading /
 * modal, storage) comes in through `ApiPlatform`, so http.ts plugs in Taro and tests plug in a real
 * HTTP transport.
 */
import { accountCalls, assetAddress, Code, isSuccessCode, PlatformErrorCode, RequestConfig, ToastConfig, type Locale } from '@maika/shared';
import { translate, type MessageKey } from '../i18n/messages';
import { endpointOf, type Endpoint } from './endpoint';
import { ApiError, TransportFailure } from './errors';
import type { ApiPlatform, WireResponse } from './platform';

export { ApiError, TransportFailure } from './errors';
export { platformErrorCode } from './platform';
export type { ApiPlatform, WireRequest, WireResponse, WireUpload } from './platform';
export type { Endpoint } from './endpoint';

export interface ResponseEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The app state the layer reads and changes. */
export interface ApiSession {
  locale(): Locale;
  /** The referral code p, sent when fetching an anonymous token. */
  referralCode(): string;
  /** The server no longer knows this user as logged in (995, or a login token rejected by 996). */
  markLoggedOut(): void;
  /** False where a login prompt makes no sense (on the login page itself). */
  mayPromptLogin(): boolean;
  /** Resolves once a page is on screen: a dialog raised while the first page is still routing is closed by the router. */
  pageShown?(): Promise<void>;
  openLogin(): void;
}

export interface ApiClientOptions {
  /** '' for the host that served the page; absolute for mini-programs. */
  apiHost: string;
  platform: ApiPlatform;
  session: ApiSession;
  /** Delay between the not-logged-in toast and the login prompt, so one does not cover the other. */
  loginPromptDelayMs?: number;
  /** docs/product.md "Client constants"; only tests pass another. */
  timeoutMs?: number;
}

export const anonymousTokenEndpoint: Endpoint = endpointOf(accountCalls.getToken, { quiet: true });

const platformErrorMessages: Readonly<Record<number, MessageKey>> = {
  [PlatformErrorCode.timeout]: 'request.timeout',
  [PlatformErrorCode.abort]: 'request.aborted',
  [PlatformErrorCode.networkFailure]: 'request.networkFailure',
};

function queryString(data: Record<string, unknown> | undefined): string {
  if (!data) return '';
  return Object.entries(data)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isEnvelope(body: unknown): body is ResponseEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

type Exchange = (headers: Record<string, string>) => Promise<WireResponse>;

export function createApiClient({
  apiHost,
  platform,
  session,
  loginPromptDelayMs = ToastConfig.durationMs,
  timeoutMs = RequestConfig.timeoutMs,
}: ApiClientOptions) {
  const { storage } = platform;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(session.locale(), key, params);

  let pendingDeviceId: Promise<string> | null = null;
  let pendingAnonymousToken: Promise<string> | null = null;
  let loadingCalls = 0;
  let loginPromptOpen = false;

  /** The device id, generated once (from a CSPRNG where there is one) and kept. */
  function deviceId(): Promise<string> {
    const stored = storage.deviceId.read();
    if (stored) return Promise.resolve(stored);
    pendingDeviceId ??= platform
      .randomBytes(16)
      .catch(() => null)
      .then((bytes) => {
        const id = bytes
          ? hex(bytes)
          : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
        storage.deviceId.write(id);
        return id;
      })
      .finally(() => {
        pendingDeviceId = null;
      });
    return pendingDeviceId;
  }

  async function baseHeaders(): Promise<Record<string, string>> {
    return { uuid: await deviceId(), lang: session.locale() };
  }

  function startLoading(): void {
    if (loadingCalls++ === 0) platform.showLoading(t('request.loading'));
  }

  function stopLoading(): void {
    if (--loadingCalls === 0) platform.hideLoading();
  }

  /** Turns a transport failure into an ApiError with a message the user can act on. */
  function transportError(failure: unknown): ApiError {
    if (failure instanceof ApiError) return failure;
    const errCode = failure instanceof TransportFailure ? failure.errCode : PlatformErrorCode.networkFailure;
    return new ApiError(t(platformErrorMessages[errCode] ?? 'request.networkFailure'), null, null, errCode);
  }

  function envelopeOf(response: WireResponse): ResponseEnvelope<unknown> {
    if (response.status !== 200) throw new ApiError(t('request.httpStatus', { status: response.status }), null, response.status);
    let body = response.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body) as unknown;
      } catch {
        body = null;
      }
    }
    if (!isEnvelope(body)) throw new ApiError(t('request.badResponse'), null, response.status);
    return { code: body.code, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data };
  }

  async function fetchAnonymousToken(): Promise<string> {
    const url = `${apiHost}${anonymousTokenEndpoint.path}?${queryString({ p: session.referralCode() })}`;
    const response = await platform
      .send({ url, method: 'GET', headers: await baseHeaders(), timeoutMs, responseType: 'json' })
      .catch((failure: unknown) => Promise.reject(transportError(failure)));
    const envelope = envelopeOf(response);
    const token = (envelope.data as { token?: unknown } | null)?.token;
    if (envelope.code !== Code.Ok || typeof token !== 'string' || token === '') {
      throw new ApiError(envelope.msg || t('request.badResponse'), envelope.code, response.status);
    }
    storage.anonymousToken.write(token);
    return token;
  }

  /** The anonymous token, fetched once however many calls need it at the same moment. */
  function anonymousToken(): Promise<string> {
    const stored = storage.anonymousToken.read();
    if (stored) return Promise.resolve(stored);
    pendingAnonymousToken ??= fetchAnonymousToken().finally(() => {
      pendingAnonymousToken = null;
    });
    return pendingAnonymousToken;
  }

  async function headersFor(auth: Endpoint['auth']): Promise<{ headers: Record<string, string>; sentLoginToken: boolean }> {
    const headers = await baseHeaders();
    if (auth === 'none') return { headers, sentLoginToken: false };
    const loginToken = storage.loginToken.read();
    headers.token = loginToken ?? (await anonymousToken());
    return { headers, sentLoginToken: loginToken !== null };
  }

  async function promptLogin(): Promise<void> {
    if (loginPromptOpen || !session.mayPromptLogin()) return;
    loginPromptOpen = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, loginPromptDelayMs));
      await session.pageShown?.();
      const confirmed = await platform.confirm({
        title: t('auth.loginPrompt.title'),
        content: t('request.notLoggedIn'),
        confirmText: t('auth.loginPrompt.confirm'),
        cancelText: t('common.cancel'),
      });
      if (confirmed) session.openLogin();
    } finally {
      loginPromptOpen = false;
    }
  }

  /** Sends, then applies docs/product.md "Response codes" to the answer; a 996 costs one new token and one retry. */
  async function exchange(auth: Endpoint['auth'], send: Exchange): Promise<ResponseEnvelope<unknown>> {
    for (let attempt = 1; ; attempt++) {
      const { headers, sentLoginToken } = await headersFor(auth);
      const envelope = envelopeOf(await send(headers).catch((failure: unknown) => Promise.reject(transportError(failure))));
      if (isSuccessCode(envelope.code)) {
        if (envelope.code === Code.OkWithNotice && envelope.msg) platform.showToast(envelope.msg);
        return envelope;
      }
      if (envelope.code === Code.NotLoggedIn) {
        session.markLoggedOut();
        const message = t('request.notLoggedIn');
        platform.showToast(message);
        void promptLogin();
        throw new ApiError(message, envelope.code, 200);
      }
      if (envelope.code === Code.TokenInvalid && attempt === 1 && auth === 'token') {
        // The rejected token is dropped; without a login token the retry goes out anonymous and a
        // page that needs a user then gets 995, which prompts for login.
        if (sentLoginToken) {
          storage.loginToken.clear();
          session.markLoggedOut();
        } else {
          storage.anonymousToken.clear();
        }
        await anonymousToken();
        continue;
      }
      throw new ApiError(envelope.msg || t('request.badResponse'), envelope.code, 200, null, envelope.data ?? null);
    }
  }

  /** Runs a call with the loading indicator and the error toast. */
  async function withFeedback<T>(quiet: boolean | undefined, call: () => Promise<T>): Promise<T> {
    if (!quiet) startLoading();
    try {
      const result = await call();
      if (!quiet) stopLoading();
      return result;
    } catch (failure) {
      // Hidden before the toast: on mini-programs hiding the loading also hides a toast shown after it.
      if (!quiet) stopLoading();
      const error = transportError(failure);
      // The 995 toast was shown with its prompt already.
      if (error.code !== Code.NotLoggedIn) platform.showToast(error.message);
      throw error;
    }
  }

  function requestEnvelope<T>(endpoint: Endpoint, data?: Record<string, unknown>): Promise<ResponseEnvelope<T>> {
    return withFeedback(endpoint.quiet, () =>
      exchange(endpoint.auth, (headers) => {
        const isGet = endpoint.method === 'GET';
        const query = isGet ? queryString(data) : '';
        return platform.send({
          url: `${apiHost}${endpoint.path}${query ? `?${query}` : ''}`,
          method: endpoint.method,
          headers: isGet ? headers : { ...headers, 'content-type': 'application/json' },
          body: isGet ? undefined : (data ?? {}),
          timeoutMs,
          responseType: 'json',
        });
      }),
    ) as Promise<ResponseEnvelope<T>>;
  }

  async function request<T>(endpoint: Endpoint, data?: Record<string, unknown>): Promise<T> {
    return (await requestEnvelope<T>(endpoint, data)).data;
  }

  /** Uploads one local file as multipart field `fieldName`; the answer is handled like any call. */
  async function uploadFile<T>(endpoint: Endpoint, filePath: string, fieldName = 'file'): Promise<T> {
    const envelope = await withFeedback(endpoint.quiet, () =>
      exchange(endpoint.auth, (headers) => platform.upload({ url: `${apiHost}${endpoint.path}`, headers, filePath, fieldName, timeoutMs })),
    );
    return envelope.data as T;
  }

  function fetchText(path: string): Promise<string> {
    return withFeedback(false, async () => {
      const response = await platform
        .send({ url: assetUrl(path), method: 'GET', headers: {}, timeoutMs, responseType: 'text' })
        .catch((failure: unknown) => Promise.reject(transportError(failure)));
      if (response.status !== 200) throw new ApiError(t('request.httpStatus', { status: response.status }), null, response.status);
      return typeof response.body === 'string' ? response.body : '';
    });
  }

  /** Server-relative paths get the API host in front; absolute URLs stay (docs/product.md "Client state and storage"). */
  function assetUrl(path: string | null | undefined): string {
    return path ? assetAddress(path, apiHost) : '';
  }

  return { request, requestEnvelope, uploadFile, fetchText, assetUrl };
}
