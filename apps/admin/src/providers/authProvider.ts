/** The console's one auth provider: operator login, the profile behind the token, logout. */
import { Code, operatorCalls, pathOf, type AdminRoleKey } from '@maika/shared';
import type { AuthProvider } from '@refinedev/core';
import { ApiError, apiRequest, sessionEndedCodes, tokenStore } from './api';

export interface AdminIdentity {
  id: number;
  username: string;
  role: AdminRoleKey;
  twoFactorEnabled: boolean;
  /** Administrators and finance must turn on two-factor login before anything else. */
  enrolmentRequired: boolean;
}

/** The path of the two-factor page, where a session that must enrol is sent. */
export const TWO_FACTOR_PATH = '/twoFactor';

const PROFILE_KEY = 'maika.admin.profile';

export const profileStore = {
  get(): AdminIdentity | null {
    try {
      return JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as AdminIdentity | null;
    } catch {
      return null;
    }
  },
  set: (profile: AdminIdentity) => localStorage.setItem(PROFILE_KEY, JSON.stringify(profile)),
  clear: () => localStorage.removeItem(PROFILE_KEY),
};

function endSession() {
  tokenStore.clear();
  profileStore.clear();
}

const isSessionEnded = (error: unknown) => error instanceof ApiError && sessionEndedCodes.includes(error.code);

export const authProvider: AuthProvider = {
  login: async ({ username, password, otp }: { username: string; password: string; otp?: string }) => {
    try {
      const result = await apiRequest<{ token: string; admin: AdminIdentity }>(pathOf(operatorCalls.login), {
        method: 'POST',
        body: { username, password, ...(otp ? { otp } : {}) },
      });
      tokenStore.set(result.token);
      profileStore.set(result.admin);
      return { success: true, redirectTo: result.admin.enrolmentRequired ? TWO_FACTOR_PATH : '/' };
    } catch (error) {
      // The password was right: the login form now asks for the code.
      const name = error instanceof ApiError && error.code === Code.AdminOtpRequired ? 'otpRequired' : 'login';
      return { success: false, error: { name, message: (error as Error).message } };
    }
  },

  logout: async () => {
    if (tokenStore.get()) {
      // The session ends on the server too; if it has already ended there is nothing to undo.
      await apiRequest(pathOf(operatorCalls.logout), { method: 'POST', body: {} }).catch(() => undefined);
    }
    endSession();
    return { success: true, redirectTo: '/login' };
  },

  check: async () => {
    if (!tokenStore.get()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      profileStore.set(await apiRequest<AdminIdentity>(pathOf(operatorCalls.me)));
      return { authenticated: true };
    } catch (error) {
      if (!isSessionEnded(error)) return { authenticated: true };
      endSession();
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
  },

  getIdentity: async () => profileStore.get(),

  getPermissions: async () => profileStore.get()?.role ?? null,

  onError: async (error) => {
    if (isSessionEnded(error)) {
      endSession();
      return { logout: true, redirectTo: '/login', error };
    }
    return {};
  },
};
