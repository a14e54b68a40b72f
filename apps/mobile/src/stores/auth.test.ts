/**
 * The login transitions of docs/product.md "Login states" and its storage keys: what each transition
 * leaves in the device's storage, and what a relaunch reads back.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceStorage, resetDevice } from '@/testing/fakeTaro';
import { ann } from '@/testing/users';
import { StorageKey } from '@/storage/cache';
import { useAuthStore } from './auth';
import { useMiniProgramStore } from './miniProgram';
import { useUserStore } from './user';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

function stored(key: string): unknown {
  const value = deviceStorage.get(key);
  return typeof value === 'string' ? JSON.parse(value) : undefined;
}

const loggedOutState = { isLogin: false, isLogout: false, isUserCancel: false, certifyUrl: '', codeP: '' };

beforeEach(() => {
  resetDevice();
  useAuthStore.setState(loggedOutState);
  useUserStore.setState({ userinfo: null });
});

describe('auth store', () => {
  it('logs in: keeps the login token under "loginToken" and the user, and says so', () => {
    useAuthStore.getState().loggedIn('login-token', ann);

    expect(useAuthStore.getState()).toMatchObject({ isLogin: true, isLogout: false, isUserCancel: false });
    expect(deviceStorage.get(StorageKey.loginToken)).toBe('login-token');
    expect(useUserStore.getState().userinfo).toEqual(ann);
    expect(stored('auth')).toMatchObject({ state: { isLogin: true } });
    expect(stored('user')).toMatchObject({ state: { userinfo: { nickname: 'Ann' } } });
  });

  it('logs out: the login token and the user go, isLogout is set, the anonymous token stays', () => {
    deviceStorage.set(StorageKey.anonymousToken, 'anon-token');
    useAuthStore.getState().loggedIn('login-token', ann);
    useAuthStore.getState().loggedOut();

    expect(useAuthStore.getState()).toMatchObject({ isLogin: false, isLogout: true, isUserCancel: false });
    expect(deviceStorage.has(StorageKey.loginToken)).toBe(false);
    expect(deviceStorage.get(StorageKey.anonymousToken)).toBe('anon-token');
    expect(useUserStore.getState().userinfo).toBeNull();
    expect(stored('auth')).toMatchObject({ state: { isLogin: false, isLogout: true } });
  });

  it('cancels the account: as a logout, and isUserCancel is set', () => {
    useAuthStore.getState().loggedIn('login-token', ann);
    useAuthStore.getState().accountCancelled();

    expect(useAuthStore.getState()).toMatchObject({ isLogin: false, isLogout: true, isUserCancel: true });
    expect(deviceStorage.has(StorageKey.loginToken)).toBe(false);
    expect(useUserStore.getState().userinfo).toBeNull();
  });

  it('expires a session: no longer logged in, without counting as a logout', () => {
    useAuthStore.getState().loggedIn('login-token', ann);
    useAuthStore.getState().sessionExpired();

    expect(useAuthStore.getState()).toMatchObject({ isLogin: false, isLogout: false });
    expect(deviceStorage.has(StorageKey.loginToken)).toBe(false);
  });

  it('a new login clears the marks of an earlier logout or cancellation', () => {
    useAuthStore.getState().accountCancelled();
    useAuthStore.getState().loggedIn('login-token', ann);
    expect(useAuthStore.getState()).toMatchObject({ isLogin: true, isLogout: false, isUserCancel: false });
  });

  it('keeps the referral code and the face-verification URL', () => {
    useAuthStore.getState().setCodeP('REF123');
    useAuthStore.getState().setCertifyUrl('https://certify.example.com/abc');
    expect(stored('auth')).toMatchObject({ state: { codeP: 'REF123', certifyUrl: 'https://certify.example.com/abc' } });
  });

  it('reads back as logged in on relaunch only when the login token is still stored', async () => {
    useAuthStore.getState().loggedIn('login-token', ann);
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().isLogin).toBe(true);

    deviceStorage.delete(StorageKey.loginToken);
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().isLogin).toBe(false);
  });
});

describe('user store', () => {
  it('applies a saved profile change to the stored user', () => {
    useUserStore.getState().setUserinfo(ann);
    useUserStore.getState().applyProfileChange({ nickname: 'Annie', avatar: '/uploads/new.png', gender: 1 });
    expect(useUserStore.getState().userinfo).toMatchObject({
      nickname: 'Annie',
      avatar: '/uploads/new.png',
      gender: 1,
      phone: '138****5678',
    });
  });

  it('ignores a profile change when nobody is logged in', () => {
    useUserStore.getState().applyProfileChange({ nickname: 'Ghost' });
    expect(useUserStore.getState().userinfo).toBeNull();
  });
});

describe('mini-program store', () => {
  it('persists the openid under "miniProgram"', () => {
    useMiniProgramStore.getState().setOpenid('openid-1');
    expect(stored('miniProgram')).toMatchObject({ state: { openid: 'openid-1' } });
  });
});
