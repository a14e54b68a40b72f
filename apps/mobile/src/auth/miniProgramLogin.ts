/**
 * Mini-program login at launch (docs/product.md "API calls"): the WeChat or Alipay login code is
 * traded for a login when the mini-program account is linked to a user (200), or for its openid
 * when it is not yet (309); the next SMS login then sends that openid so the server links the two.
 */
import { Code, type MiniProgramPlatform } from '@maika/shared';
import Taro from '@tarojs/taro';
import { miniProgramLogin, type LoginResult, type MiniProgramBinding, type MiniProgramUnbound } from '@/api/endpoints/auth';
import { useAuthStore } from '@/stores/auth';
import { useMiniProgramStore } from '@/stores/miniProgram';

/** The mini-program a build runs as; null for the web app. */
export function miniProgramPlatformOf(taroEnv: string | undefined): MiniProgramPlatform | null {
  return taroEnv === 'weapp' || taroEnv === 'alipay' ? taroEnv : null;
}

const buildPlatform = miniProgramPlatformOf(process.env.TARO_ENV);

/**
 * Whether a launch logs in by itself: only in a mini-program, only when nobody is logged in, and
 * not after the user logged out or cancelled the account (a relaunch must not undo that choice;
 * their next SMS login clears it).
 */
export function shouldLogInAtLaunch(platform: MiniProgramPlatform | null, auth: { isLogin: boolean; isLogout: boolean }): boolean {
  return platform !== null && !auth.isLogin && !auth.isLogout;
}

export type LaunchLoginOutcome = 'skipped' | 'loggedIn' | 'unbound';

async function platformLoginCode(): Promise<string> {
  // Taro.login is wx.login on WeChat and my.getAuthCode (scope auth_base) on Alipay, both answering `code`.
  return (await Taro.login()).code;
}

/** Logs in with the mini-program account, or keeps its openid for the SMS login that will link it. */
export async function logInAtLaunch(
  platform: MiniProgramPlatform | null = buildPlatform,
  loginCode: () => Promise<string> = platformLoginCode,
): Promise<LaunchLoginOutcome> {
  if (platform === null || !shouldLogInAtLaunch(platform, useAuthStore.getState())) return 'skipped';
  const { code, data } = await miniProgramLogin(platform, await loginCode());
  if (code === Code.MiniProgramUnbound) {
    useMiniProgramStore.getState().setOpenid((data as MiniProgramUnbound).openid);
    return 'unbound';
  }
  const { token, userinfo } = data as LoginResult;
  useAuthStore.getState().loggedIn(token, userinfo);
  // Linked already: nothing left for an SMS login to link.
  useMiniProgramStore.getState().setOpenid('');
  return 'loggedIn';
}

/** What the next SMS login should link: the unlinked mini-program account this device opened, if any. */
export function pendingMiniProgramBinding(platform: MiniProgramPlatform | null = buildPlatform): MiniProgramBinding | null {
  const { openid } = useMiniProgramStore.getState();
  return platform !== null && openid !== '' ? { openid, platform } : null;
}

/** After an SMS login that carried the binding: the server linked the account, so it is not sent again. */
export function bindingDone(): void {
  useMiniProgramStore.getState().setOpenid('');
}
