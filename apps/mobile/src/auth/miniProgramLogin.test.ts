// @vitest-environment jsdom
/**
 * Mini-program login at launch as the app runs it: the request layer over Taro's H5 network code
 * against a local server, the auth and mini-program stores as they persist.
 */
import { Code, type UserInfo } from '@maika/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '@/testing/apiServer';
import { deviceStorage, resetDevice } from '@/testing/fakeTaro';
import { StorageKey } from '@/storage/cache';
import { useAuthStore } from '@/stores/auth';
import { useMiniProgramStore } from '@/stores/miniProgram';
import { useUserStore } from '@/stores/user';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

const weappPath = '/api/Authentication/wechatMiniProgramLogin';
const alipayPath = '/api/Authentication/aliMiniProgramLogin';
const smsLoginPath = '/api/Authentication/smsLogin';
const ann = { id: 7, nickname: 'Ann', avatar: null, phone: '138****5678' } as unknown as UserInfo;
const loginCode = (code: string) => () => Promise.resolve(code);

let server: ApiServer;
let launch: typeof import('./miniProgramLogin');
let auth: typeof import('@/api/endpoints/auth');

beforeAll(async () => {
  server = await startApiServer();
  // apiHost is read from the build environment when http.ts loads.
  vi.stubEnv('TARO_APP_API_HOST', server.url);
  launch = await import('./miniProgramLogin');
  auth = await import('@/api/endpoints/auth');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

beforeEach(() => {
  server.reset();
  resetDevice();
  deviceStorage.set(StorageKey.anonymousToken, 'anon-token');
  useAuthStore.setState({ isLogin: false, isLogout: false, isUserCancel: false, certifyUrl: '', codeP: '' });
  useUserStore.setState({ userinfo: null });
  useMiniProgramStore.setState({ openid: '' });
});

describe('mini-program login at launch', () => {
  it('runs in the WeChat and Alipay builds only', () => {
    expect(launch.miniProgramPlatformOf('weapp')).toBe('weapp');
    expect(launch.miniProgramPlatformOf('alipay')).toBe('alipay');
    expect(launch.miniProgramPlatformOf('h5')).toBeNull();
  });

  it('does not log in over a login, nor undo a logout the user chose', () => {
    expect(launch.shouldLogInAtLaunch('weapp', { isLogin: false, isLogout: false })).toBe(true);
    expect(launch.shouldLogInAtLaunch('weapp', { isLogin: true, isLogout: false })).toBe(false);
    expect(launch.shouldLogInAtLaunch('alipay', { isLogin: false, isLogout: true })).toBe(false);
    expect(launch.shouldLogInAtLaunch(null, { isLogin: false, isLogout: false })).toBe(false);
  });

  it('logs in with the WeChat code when the account is linked (200)', async () => {
    server.answer(weappPath, { envelope: { code: Code.Ok, data: { token: 'login-token', userinfo: ann } } });

    expect(await launch.logInAtLaunch('weapp', loginCode('wx-code-1'))).toBe('loggedIn');
    expect(JSON.parse(server.receivedAt(weappPath)[0]!.body)).toEqual({ code: 'wx-code-1' });
    expect(useAuthStore.getState().isLogin).toBe(true);
    expect(deviceStorage.get(StorageKey.loginToken)).toBe('login-token');
    expect(useUserStore.getState().userinfo).toEqual(ann);
  });

  it('keeps the openid of an unlinked account (309) and stays logged out', async () => {
    server.answer(alipayPath, { envelope: { code: Code.MiniProgramUnbound, data: { openid: 'ali-user-9' } } });

    expect(await launch.logInAtLaunch('alipay', loginCode('auth-code-1'))).toBe('unbound');
    expect(server.receivedAt(alipayPath)).toHaveLength(1);
    expect(server.receivedAt(weappPath)).toHaveLength(0);
    expect(useAuthStore.getState().isLogin).toBe(false);
    expect(useMiniProgramStore.getState().openid).toBe('ali-user-9');
    expect(launch.pendingMiniProgramBinding('alipay')).toEqual({ openid: 'ali-user-9', platform: 'alipay' });
  });

  it('asks nothing on H5, when logged in, or after a logout', async () => {
    const code = vi.fn(loginCode('never'));
    expect(await launch.logInAtLaunch(null, code)).toBe('skipped');
    useAuthStore.setState({ isLogout: true });
    expect(await launch.logInAtLaunch('weapp', code)).toBe('skipped');
    expect(code).not.toHaveBeenCalled();
    expect(server.received).toHaveLength(0);
  });

  it('rejects, logged out, when the server refuses the code', async () => {
    server.answer(weappPath, { envelope: { code: Code.MiniProgramCodeInvalid, msg: 'The mini-program login code is invalid' } });
    await expect(launch.logInAtLaunch('weapp', loginCode('stale'))).rejects.toMatchObject({ code: Code.MiniProgramCodeInvalid });
    expect(useAuthStore.getState().isLogin).toBe(false);
    expect(useMiniProgramStore.getState().openid).toBe('');
  });
});

describe('linking at the SMS login', () => {
  it('sends the kept openid and platform with the SMS login', async () => {
    server.answer(smsLoginPath, { envelope: { code: Code.Ok, data: { token: 't', userinfo: ann } } });
    useMiniProgramStore.getState().setOpenid('wx-open-1');

    await auth.smsLogin('13812345678', '123456', '', launch.pendingMiniProgramBinding('weapp'));
    expect(JSON.parse(server.receivedAt(smsLoginPath)[0]!.body)).toEqual({
      phone: '13812345678',
      code: '123456',
      openid: 'wx-open-1',
      platform: 'weapp',
    });
    launch.bindingDone();
    expect(launch.pendingMiniProgramBinding('weapp')).toBeNull();
  });

  it('sends no binding from the web app or without an openid', async () => {
    useMiniProgramStore.getState().setOpenid('wx-open-1');
    expect(launch.pendingMiniProgramBinding(null)).toBeNull();
    useMiniProgramStore.getState().setOpenid('');
    expect(launch.pendingMiniProgramBinding('weapp')).toBeNull();

    server.answer(smsLoginPath, { envelope: { code: Code.Ok, data: { token: 't', userinfo: ann } } });
    await auth.smsLogin('13812345678', '123456', 'REF123', null);
    expect(JSON.parse(server.receivedAt(smsLoginPath)[0]!.body)).toEqual({ phone: '13812345678', code: '123456', p: 'REF123' });
  });
});
