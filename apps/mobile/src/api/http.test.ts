// @vitest-environment jsdom
/**
 * http.ts as the app runs it: the request layer tied to the auth store, the settings store and
 * the page stack (Taro's H5 network code underneath, a local server on the other end).
 */
import { Code, ToastConfig, type UserInfo } from '@maika/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '@/testing/apiServer';
import { deviceStorage, fakeTaro, pageStack, resetDevice } from '@/testing/fakeTaro';
import { StorageKey } from '@/storage/cache';
import { useAuthStore } from '@/stores/auth';
import { useSettingsStore } from '@/stores/settings';
import { useUserStore } from '@/stores/user';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

const userInfoCall = { method: 'GET', path: '/api/user/getInfo', auth: 'token' } as const;
const ann = { id: 7, nickname: 'Ann', avatar: null, phone: '138****5678' } as unknown as UserInfo;

/**
 * Fakes the timers only, before the call: the call still goes over the network, and the login
 * prompt's delay and its wait for a page (both started as the 995 arrives) then run on the fake clock.
 */
function fakePromptTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

let server: ApiServer;
let http: typeof import('./http');

beforeAll(async () => {
  server = await startApiServer();
  // apiHost is read from the build environment when the module loads.
  vi.stubEnv('TARO_APP_API_HOST', `${server.url}/`);
  http = await import('./http');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

beforeEach(() => {
  server.reset();
  resetDevice();
  useAuthStore.setState({ isLogin: false, isLogout: false, isUserCancel: false, certifyUrl: '', codeP: '' });
  useUserStore.setState({ userinfo: null });
  useSettingsStore.setState({ chosenLocale: null });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('http', () => {
  it('takes the API host from the build environment', () => {
    expect(http.apiHost).toBe(server.url);
    expect(http.assetUrl('/uploads/a.png')).toBe(`${server.url}/uploads/a.png`);
  });

  it('on 995 logs the user out, says so and, once the toast has been read, offers the login page', async () => {
    useAuthStore.getState().loggedIn('login-token', ann);
    pageStack.push({ route: 'pages/order/order' });
    server.answer(userInfoCall.path, { envelope: { code: Code.NotLoggedIn } });
    fakePromptTimers();

    await expect(http.request(userInfoCall)).rejects.toMatchObject({ code: Code.NotLoggedIn });
    expect(useAuthStore.getState().isLogin).toBe(false);
    expect(deviceStorage.has(StorageKey.loginToken)).toBe(false);
    expect(useUserStore.getState().userinfo).toBeNull();
    expect(fakeTaro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '您还未登录，请先登录' }));
    expect(fakeTaro.showModal).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(ToastConfig.durationMs - 1);
    expect(fakeTaro.showModal, 'not while the toast is still on screen').not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(fakeTaro.navigateTo).toHaveBeenCalledWith({ url: '/pages/login/login' });
    expect(pageStack.map((page) => page.route)).toEqual(['pages/home/home', 'pages/order/order', 'pages/login/login']);
  });

  it('does not offer the login page to someone already on it', async () => {
    pageStack.push({ route: 'pages/login/login' });
    deviceStorage.set(StorageKey.anonymousToken, 'anon');
    server.answer(userInfoCall.path, { envelope: { code: Code.NotLoggedIn } });
    fakePromptTimers();
    await expect(http.request(userInfoCall)).rejects.toMatchObject({ code: Code.NotLoggedIn });
    await vi.runAllTimersAsync();
    expect(fakeTaro.showModal).not.toHaveBeenCalled();
  });

  it('fetches the anonymous token with the referral code from launch', async () => {
    useAuthStore.getState().setCodeP('REF123');
    server.answer('/api/Authentication/getToken', { envelope: { code: Code.Ok, data: { token: 'anon-1' } } });
    server.answer(userInfoCall.path, { envelope: { code: Code.Ok, data: null } });
    await http.request(userInfoCall);
    expect(server.receivedAt('/api/Authentication/getToken')[0]!.query).toEqual({ p: 'REF123' });
    expect(deviceStorage.get(StorageKey.anonymousToken)).toBe('anon-1');
  });

  it('asks for server messages in the language chosen in Settings', async () => {
    useSettingsStore.getState().chooseLocale('en-US');
    server.answer('/api/Basis/getFoundation', { envelope: { code: Code.Ok } });
    await http.request({ method: 'GET', path: '/api/Basis/getFoundation', auth: 'none' });
    expect(server.receivedAt('/api/Basis/getFoundation')[0]!.headers.lang).toBe('en-US');
  });
});
