// @vitest-environment jsdom
/**
 * The request layer over Taro's real H5 network code against a local HTTP server: what goes on the
 * wire, and what each answer of docs/product.md "Response codes" does.
 */
import { Code, PlatformErrorCode, RequestConfig, ToastConfig } from '@maika/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '@/testing/apiServer';
import { deviceStorage, fakeTaro, resetDevice } from '@/testing/fakeTaro';
import { createCache } from '@/storage/cache';
import { ApiError, createApiClient, platformErrorCode, type ApiSession, type Endpoint } from './client';
import { createTaroPlatform, type TaroApi } from './http';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

const publicCall: Endpoint = { method: 'GET', path: '/api/Basis/getFoundation', auth: 'none' };
const userCall: Endpoint = { method: 'GET', path: '/api/user/getInfo', auth: 'token' };
const saveCall: Endpoint = { method: 'POST', path: '/api/user/updateInfo', auth: 'token' };
const backgroundCall: Endpoint = { method: 'GET', path: '/api/Basis/getNotice', auth: 'none', quiet: true };
const tokenPath = '/api/Authentication/getToken';

const storage = {
  getItem: (key: string) => {
    const value = deviceStorage.get(key);
    return typeof value === 'string' && value !== '' ? value : null;
  },
  setItem: (key: string, value: string) => void deviceStorage.set(key, value),
  removeItem: (key: string) => void deviceStorage.delete(key),
};
const credentials = createCache(storage);

let server: ApiServer;
let session: ApiSession & { [K in 'markLoggedOut' | 'openLogin']: ReturnType<typeof vi.fn> };
let locale: 'zh-CN' | 'en-US';

function newClient(options: { timeoutMs?: number; loginPromptDelayMs?: number } = {}) {
  return createApiClient({
    apiHost: server.url,
    platform: createTaroPlatform(fakeTaro as unknown as TaroApi, credentials),
    session,
    loginPromptDelayMs: 0,
    ...options,
  });
}

const toasts = () => fakeTaro.showToast.mock.calls.map(([option]) => option.title);

/** Hands out anonymous tokens anon-1, anon-2, ... */
function issueAnonymousTokens(): void {
  let issued = 0;
  server.answer(tokenPath, () => ({ envelope: { code: Code.Ok, data: { token: `anon-${++issued}` } } }));
}

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  server.reset();
  resetDevice();
  locale = 'zh-CN';
  session = {
    locale: () => locale,
    referralCode: () => 'REF123',
    markLoggedOut: vi.fn(),
    mayPromptLogin: () => true,
    openLogin: vi.fn(),
  };
});

describe('what goes on the wire', () => {
  it('sends a GET with its query in the URL, the device id and the language, and no token on a public call', async () => {
    server.answer(publicCall.path, { envelope: { code: Code.Ok, data: { siteName: '卖卡' } } });
    await expect(newClient().request(publicCall, { point: 3, empty: undefined })).resolves.toEqual({ siteName: '卖卡' });

    const [sent] = server.receivedAt(publicCall.path);
    expect(sent).toMatchObject({ method: 'GET', query: { point: '3' }, body: '' });
    expect(sent!.headers.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(sent!.headers.lang).toBe('zh-CN');
    expect(sent!.headers.token).toBeUndefined();
  });

  it('sends a POST body as JSON', async () => {
    credentials.loginToken.write('login-token');
    server.answer(saveCall.path, { envelope: { code: Code.Ok, data: { nickname: 'Ann' } } });
    await newClient().request(saveCall, { nickname: 'Ann', gender: 2 });

    const [sent] = server.receivedAt(saveCall.path);
    expect(sent!.method).toBe('POST');
    expect(sent!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(sent!.body)).toEqual({ nickname: 'Ann', gender: 2 });
  });

  it('asks for server messages in the UI language', async () => {
    locale = 'en-US';
    server.answer(publicCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(publicCall);
    expect(server.receivedAt(publicCall.path)[0]!.headers.lang).toBe('en-US');
  });

  it('gives Taro the 12000 ms time-out of every API call', async () => {
    server.answer(publicCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(publicCall);
    expect(RequestConfig.timeoutMs).toBe(12_000);
    expect(fakeTaro.request.mock.calls.at(-1)![0]).toMatchObject({ timeout: 12_000 });
  });
});

describe('device id', () => {
  it('is generated once from the CSPRNG, stored, and sent on every call', async () => {
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues');
    server.answer(publicCall.path, { envelope: { code: Code.Ok } });
    const client = newClient();
    await Promise.all([client.request(publicCall), client.request(publicCall)]);
    await client.request(publicCall);

    const ids = server.receivedAt(publicCall.path).map((request) => request.headers.uuid);
    expect(new Set(ids).size).toBe(1);
    expect(credentials.deviceId.read()).toBe(ids[0]);
    expect(random).toHaveBeenCalledTimes(1);
    random.mockRestore();
  });

  it('is kept across app launches', async () => {
    credentials.deviceId.write('kept-device-id-0001');
    server.answer(publicCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(publicCall);
    expect(server.receivedAt(publicCall.path)[0]!.headers.uuid).toBe('kept-device-id-0001');
  });
});

describe('token', () => {
  it('sends the login token when there is one', async () => {
    credentials.loginToken.write('login-token');
    credentials.anonymousToken.write('anon-token');
    server.answer(userCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(userCall);
    expect(server.receivedAt(userCall.path)[0]!.headers.token).toBe('login-token');
    expect(server.receivedAt(tokenPath)).toHaveLength(0);
  });

  it('sends the stored anonymous token when nobody is logged in', async () => {
    credentials.anonymousToken.write('anon-token');
    server.answer(userCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(userCall);
    expect(server.receivedAt(userCall.path)[0]!.headers.token).toBe('anon-token');
  });

  it('fetches one anonymous token, with the referral code, for calls that need it at the same moment', async () => {
    issueAnonymousTokens();
    server.answer(userCall.path, { envelope: { code: Code.Ok } });
    const client = newClient();
    await Promise.all([client.request(userCall), client.request(userCall), client.request(userCall)]);

    const tokenRequests = server.receivedAt(tokenPath);
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toMatchObject({ method: 'GET', query: { p: 'REF123' } });
    expect(tokenRequests[0]!.headers.uuid).toBeTruthy();
    expect(server.receivedAt(userCall.path).map((request) => request.headers.token)).toEqual(['anon-1', 'anon-1', 'anon-1']);
    expect(credentials.anonymousToken.read()).toBe('anon-1');
  });
});

describe('success codes', () => {
  it.each([Code.Ok, Code.OkWithNotice, Code.MiniProgramUnbound, Code.RealNameRequired, Code.VerificationPending])(
    'passes code %i on with its data',
    async (code) => {
      server.answer(publicCall.path, { envelope: { code, msg: 'message', data: { openid: 'o-1' } } });
      const client = newClient();
      await expect(client.request(publicCall)).resolves.toEqual({ openid: 'o-1' });
      await expect(client.requestEnvelope(publicCall)).resolves.toEqual({ code, msg: 'message', data: { openid: 'o-1' } });
    },
  );

  it('shows the message that comes with a 300', async () => {
    server.answer(publicCall.path, { envelope: { code: Code.OkWithNotice, msg: '已提交' } });
    await newClient().request(publicCall);
    expect(toasts()).toEqual(['已提交']);
  });
});

describe('995: not logged in', () => {
  it('marks the user logged out, says so, and offers the login page', async () => {
    credentials.loginToken.write('expired-login');
    server.answer(userCall.path, { envelope: { code: Code.NotLoggedIn, msg: 'server words' } });
    const failure = newClient().request(userCall);

    await expect(failure).rejects.toMatchObject({ code: Code.NotLoggedIn, message: '您还未登录，请先登录' });
    expect(session.markLoggedOut).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual(['您还未登录，请先登录']);
    await vi.waitFor(() => expect(session.openLogin).toHaveBeenCalledTimes(1));
    expect(fakeTaro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '您还未登录，请先登录', confirmText: '去登录', cancelText: '取消' }),
    );
  });

  it('speaks English to an English user', async () => {
    locale = 'en-US';
    credentials.anonymousToken.write('anon');
    server.answer(userCall.path, { envelope: { code: Code.NotLoggedIn } });
    await expect(newClient().request(userCall)).rejects.toThrow('You are not logged in, please log in first');
    await vi.waitFor(() => expect(session.openLogin).toHaveBeenCalledTimes(1));
  });

  it('stays on the page when the user declines the prompt', async () => {
    credentials.anonymousToken.write('anon');
    fakeTaro.showModal.mockResolvedValueOnce({ errMsg: 'showModal:ok', confirm: false, cancel: true });
    server.answer(userCall.path, { envelope: { code: Code.NotLoggedIn } });
    await expect(newClient().request(userCall)).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(fakeTaro.showModal).toHaveBeenCalledTimes(1));
    expect(session.openLogin).not.toHaveBeenCalled();
  });

  it('prompts once when several calls are refused together', async () => {
    credentials.anonymousToken.write('anon');
    let answerModal: (confirmed: boolean) => void = () => undefined;
    fakeTaro.showModal.mockImplementationOnce(
      () => new Promise((resolve) => (answerModal = (confirm) => resolve({ errMsg: 'showModal:ok', confirm, cancel: !confirm }))),
    );
    server.answer(userCall.path, { envelope: { code: Code.NotLoggedIn } });
    const client = newClient();
    await Promise.allSettled([client.request(userCall), client.request(userCall)]);
    await vi.waitFor(() => expect(fakeTaro.showModal).toHaveBeenCalledTimes(1));
    await client.request(userCall).catch(() => undefined);
    answerModal(true);
    await vi.waitFor(() => expect(session.openLogin).toHaveBeenCalledTimes(1));
    expect(fakeTaro.showModal).toHaveBeenCalledTimes(1);
  });

  it('does not prompt on the login page itself', async () => {
    credentials.anonymousToken.write('anon');
    session.mayPromptLogin = () => false;
    server.answer(userCall.path, { envelope: { code: Code.NotLoggedIn } });
    // Only the timers are faked: the call still goes over the network, and the prompt's delay is
    // then run out on the fake clock instead of being waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(newClient({ loginPromptDelayMs: ToastConfig.durationMs }).request(userCall)).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(ToastConfig.durationMs);
    expect(fakeTaro.showModal).not.toHaveBeenCalled();
  });
});

describe('996: token invalid', () => {
  it('fetches exactly one new token and retries once with it', async () => {
    credentials.anonymousToken.write('stale');
    issueAnonymousTokens();
    server.answer(userCall.path, (request) =>
      request.headers.token === 'stale' ? { envelope: { code: Code.TokenInvalid } } : { envelope: { code: Code.Ok, data: 'fresh' } },
    );
    await expect(newClient().request(userCall)).resolves.toBe('fresh');
    expect(server.receivedAt(tokenPath)).toHaveLength(1);
    expect(server.receivedAt(userCall.path).map((request) => request.headers.token)).toEqual(['stale', 'anon-1']);
    expect(toasts()).toEqual([]);
  });

  it('gives up after the retry, showing the server message', async () => {
    credentials.anonymousToken.write('stale');
    issueAnonymousTokens();
    server.answer(userCall.path, { envelope: { code: Code.TokenInvalid, msg: '登录凭证已失效，请重试' } });
    await expect(newClient().request(userCall)).rejects.toMatchObject({ code: Code.TokenInvalid });
    expect(server.receivedAt(tokenPath)).toHaveLength(1);
    expect(server.receivedAt(userCall.path)).toHaveLength(2);
    expect(toasts()).toEqual(['登录凭证已失效，请重试']);
  });

  it('drops a rejected login token and retries anonymously', async () => {
    credentials.loginToken.write('revoked-login');
    issueAnonymousTokens();
    server.answer(userCall.path, (request) =>
      request.headers.token === 'revoked-login' ? { envelope: { code: Code.TokenInvalid } } : { envelope: { code: Code.Ok } },
    );
    await newClient().request(userCall);
    expect(credentials.loginToken.read()).toBeNull();
    expect(session.markLoggedOut).toHaveBeenCalledTimes(1);
    expect(server.receivedAt(userCall.path).map((request) => request.headers.token)).toEqual(['revoked-login', 'anon-1']);
  });
});

describe('failures', () => {
  it('shows the server message of any other code and rejects with that code', async () => {
    server.answer(publicCall.path, { envelope: { code: Code.SmsCodeWrong, msg: '验证码错误，还可尝试4次' } });
    await expect(newClient().request(publicCall)).rejects.toMatchObject({ code: Code.SmsCodeWrong, message: '验证码错误，还可尝试4次' });
    expect(toasts()).toEqual(['验证码错误，还可尝试4次']);
  });

  it('rejects an HTTP 500', async () => {
    server.answer(publicCall.path, { status: 500, text: 'Internal Server Error' });
    await expect(newClient().request(publicCall)).rejects.toMatchObject({ status: 500, code: null });
    expect(toasts()).toEqual(['服务器暂时无法响应（500），请稍后再试']);
  });

  it('rejects a 200 that is not an envelope', async () => {
    server.answer(publicCall.path, { status: 200, text: '<html>proxy login</html>' });
    await expect(newClient().request(publicCall)).rejects.toMatchObject({ status: 200, code: null });
    expect(toasts()).toEqual(['服务器返回的内容无法识别，请稍后再试']);
  });

  it('names a time-out (errCode 5) when the server does not answer in time', async () => {
    server.answer(publicCall.path, { hang: true });
    await expect(newClient({ timeoutMs: 300 }).request(publicCall)).rejects.toMatchObject({ errCode: PlatformErrorCode.timeout });
    expect(toasts()).toEqual(['请求超时，请检查网络后重试']);
  });

  it('names a network failure (602001) when the server cannot be reached', async () => {
    const unreachable = createApiClient({
      apiHost: 'http://127.0.0.1:1',
      platform: createTaroPlatform(fakeTaro as unknown as TaroApi, credentials),
      session,
    });
    await expect(unreachable.request(publicCall)).rejects.toMatchObject({ errCode: PlatformErrorCode.networkFailure });
    expect(toasts()).toEqual(['网络连接失败，请检查网络后重试']);
  });

  it.each([
    [PlatformErrorCode.timeout, 'request:fail timeout', '请求超时，请检查网络后重试'],
    [PlatformErrorCode.abort, 'request:fail abort', '请求已取消，请重试'],
    [PlatformErrorCode.networkFailure, 'uploadFile:fail', '网络连接失败，请检查网络后重试'],
  ])('explains the mini-program error errno %i', async (errno, errMsg, message) => {
    fakeTaro.request.mockRejectedValueOnce({ errno, errMsg });
    await expect(newClient().request(publicCall)).rejects.toMatchObject({ errCode: errno, message });
    expect(toasts()).toEqual([message]);
  });

  it('tells the platform errors apart however the platform reports them', () => {
    const timeoutMs = 12_000;
    expect(platformErrorCode({ errno: 5, errMsg: 'request:fail timeout' }, 5, timeoutMs)).toBe(PlatformErrorCode.timeout);
    expect(platformErrorCode({ errCode: 600_003 }, 5, timeoutMs)).toBe(PlatformErrorCode.abort);
    expect(platformErrorCode({ errno: 602_001 }, 5, timeoutMs)).toBe(PlatformErrorCode.networkFailure);
    expect(platformErrorCode({ error: 13, errorMessage: '超时' }, 5, timeoutMs)).toBe(PlatformErrorCode.timeout);
    expect(platformErrorCode({ name: 'AbortError' }, 12_000, timeoutMs)).toBe(PlatformErrorCode.timeout);
    expect(platformErrorCode({ name: 'AbortError' }, 40, timeoutMs)).toBe(PlatformErrorCode.abort);
    expect(platformErrorCode(new TypeError('fetch failed'), 40, timeoutMs)).toBe(PlatformErrorCode.networkFailure);
  });
});

describe('loading indicator', () => {
  it('shows "加载中" once while calls run and hides it when the last one ends', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const taroRequest = fakeTaro.request.getMockImplementation()!;
    fakeTaro.request.mockImplementationOnce(async (option) => {
      await held;
      return taroRequest(option);
    });
    const slowCall: Endpoint = { method: 'GET', path: '/api/Basis/getChart', auth: 'none' };
    server.answer(slowCall.path, { envelope: { code: Code.Ok } });
    server.answer(publicCall.path, { envelope: { code: Code.Ok } });
    const client = newClient();

    const first = client.request(slowCall);
    await client.request(publicCall);
    expect(fakeTaro.hideLoading).not.toHaveBeenCalled();
    release();
    await first;

    expect(fakeTaro.showLoading).toHaveBeenCalledTimes(1);
    expect(fakeTaro.showLoading).toHaveBeenCalledWith(expect.objectContaining({ title: '加载中' }));
    expect(fakeTaro.hideLoading).toHaveBeenCalledTimes(1);
  });

  it('is hidden on an error, before the error is shown', async () => {
    server.answer(publicCall.path, { envelope: { code: Code.InvalidInput, msg: 'phone: must be 11 digits' } });
    await newClient()
      .request(publicCall)
      .catch(() => undefined);
    expect(fakeTaro.hideLoading).toHaveBeenCalledTimes(1);
    expect(fakeTaro.hideLoading.mock.invocationCallOrder[0]).toBeLessThan(fakeTaro.showToast.mock.invocationCallOrder[0]!);
  });

  it('says "Loading" in English', async () => {
    locale = 'en-US';
    server.answer(publicCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(publicCall);
    expect(fakeTaro.showLoading).toHaveBeenCalledWith(expect.objectContaining({ title: 'Loading' }));
  });

  it('is not shown for quiet calls', async () => {
    server.answer(backgroundCall.path, { envelope: { code: Code.Ok } });
    await newClient().request(backgroundCall);
    expect(fakeTaro.showLoading).not.toHaveBeenCalled();
    expect(fakeTaro.hideLoading).not.toHaveBeenCalled();
  });
});

describe('files', () => {
  it('uploads a file as multipart field "file" with the usual headers', async () => {
    credentials.loginToken.write('login-token');
    server.answer('/avatar.png', { status: 200, text: 'PNGDATA' });
    server.answer('/api/file/upload', { envelope: { code: Code.Ok, data: { path: '/uploads/a.png', url: '/uploads/a.png' } } });
    const upload: Endpoint = { method: 'POST', path: '/api/file/upload', auth: 'token' };
    await expect(newClient().uploadFile(upload, `${server.url}/avatar.png`)).resolves.toEqual({
      path: '/uploads/a.png',
      url: '/uploads/a.png',
    });

    const [sent] = server.receivedAt('/api/file/upload');
    expect(sent!.method).toBe('POST');
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.body).toMatch(/Content-Disposition: form-data; name="file"; filename="[^"]+"/);
    expect(sent!.body).toContain('PNGDATA');
    expect(sent!.headers.token).toBe('login-token');
    expect(sent!.headers.uuid).toMatch(/^[0-9a-f]{32}$/);
  });

  it('fetches a server-relative file as text', async () => {
    server.answer('/rich-text/3.html', { status: 200, text: '<p>隐私政策</p>' });
    await expect(newClient().fetchText('/rich-text/3.html')).resolves.toBe('<p>隐私政策</p>');
  });

  it('prefixes server-relative asset paths with the API host and leaves absolute URLs alone', () => {
    const client = newClient();
    expect(client.assetUrl('/uploads/a.png')).toBe(`${server.url}/uploads/a.png`);
    expect(client.assetUrl('uploads/a.png')).toBe(`${server.url}/uploads/a.png`);
    expect(client.assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(client.assetUrl(null)).toBe('');
  });
});
