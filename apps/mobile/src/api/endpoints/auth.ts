/** Login and session calls of SPEC.md §7, declared as data. */
import type { getLoginSmsData, loginData, MiniProgramPlatform, miniProgramUnboundData } from '@maika/shared';
import type { z } from 'zod';
import { request, requestEnvelope, type Endpoint, type ResponseEnvelope } from '../http';

export type LoginSmsSent = z.infer<typeof getLoginSmsData>;
export type LoginResult = z.infer<typeof loginData>;
export type MiniProgramUnbound = z.infer<typeof miniProgramUnboundData>;

/** A mini-program account waiting to be linked to the phone of the next SMS login (SPEC.md §7: 309). */
export interface MiniProgramBinding {
  openid: string;
  platform: MiniProgramPlatform;
}

export const authEndpoints = {
  // Token calls: the server ties the session to the device's anonymous token and its referral code.
  sendLoginSms: { method: 'POST', path: '/api/Authentication/getLoginSms', auth: 'token' },
  smsLogin: { method: 'POST', path: '/api/Authentication/smsLogin', auth: 'token' },
  logOut: { method: 'GET', path: '/api/Authentication/logOut', auth: 'token' },
  cancelAccount: { method: 'GET', path: '/api/Authentication/cancel', auth: 'token' },
  // Made at launch, behind the first page: no loading indicator. The server ties an unlinked
  // account to the device id (uuid), which every call carries, so no token is needed.
  weappLogin: { method: 'POST', path: '/api/Authentication/wechatMiniProgramLogin', auth: 'none', quiet: true },
  alipayLogin: { method: 'POST', path: '/api/Authentication/aliMiniProgramLogin', auth: 'none', quiet: true },
} as const satisfies Record<string, Endpoint>;

export function sendLoginSms(phone: string): Promise<LoginSmsSent> {
  return request<LoginSmsSent>(authEndpoints.sendLoginSms, { phone });
}

/**
 * `referralCode` ('' for none) lets a first login sign the user up under their referrer; `binding`
 * links the mini-program account this device opened with to the user.
 */
export function smsLogin(
  phone: string,
  code: string,
  referralCode: string,
  binding: MiniProgramBinding | null = null,
): Promise<LoginResult> {
  return request<LoginResult>(authEndpoints.smsLogin, {
    phone,
    code,
    ...(referralCode ? { p: referralCode } : {}),
    ...(binding ? { openid: binding.openid, platform: binding.platform } : {}),
  });
}

/** Logs in with a mini-program login code: 200 with the login, or 309 with the openid to link at the next SMS login. */
export function miniProgramLogin(platform: MiniProgramPlatform, code: string): Promise<ResponseEnvelope<LoginResult | MiniProgramUnbound>> {
  return requestEnvelope<LoginResult | MiniProgramUnbound>(platform === 'weapp' ? authEndpoints.weappLogin : authEndpoints.alipayLogin, {
    code,
  });
}

export function logOut(): Promise<null> {
  return request<null>(authEndpoints.logOut);
}

export function cancelAccount(): Promise<null> {
  return request<null>(authEndpoints.cancelAccount);
}
