/** Login and session calls of docs/product.md "API calls", from the API contract. */
import { accountCalls, type accountContract, type AnswerOf, type MiniProgramPlatform } from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request, requestEnvelope, type Endpoint, type ResponseEnvelope } from '../http';

export type LoginSmsSent = AnswerOf<typeof accountContract.getLoginSms>;
export type LoginResult = AnswerOf<typeof accountContract.smsLogin>;
export type MiniProgramUnbound = Exclude<AnswerOf<typeof accountContract.weappLogin>, LoginResult>;

/** A mini-program account waiting to be linked to the phone of the next SMS login (docs/product.md "Response codes": 309). */
export interface MiniProgramBinding {
  openid: string;
  platform: MiniProgramPlatform;
}

export const authEndpoints = {
  // Optional-token calls: the app sends its anonymous token, which carries the referral code.
  sendLoginSms: endpointOf(accountCalls.getLoginSms),
  smsLogin: endpointOf(accountCalls.smsLogin),
  logOut: endpointOf(accountCalls.logOut),
  cancelAccount: endpointOf(accountCalls.cancel),
  // Made at launch, behind the first page: no loading indicator. The server ties an unlinked
  // account to the device id (uuid), which every call carries, so no token is needed.
  weappLogin: endpointOf(accountCalls.weappLogin, { quiet: true }),
  alipayLogin: endpointOf(accountCalls.alipayLogin, { quiet: true }),
} satisfies Record<string, Endpoint>;

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

export function logOut(): Promise<AnswerOf<typeof accountContract.logOut>> {
  return request<AnswerOf<typeof accountContract.logOut>>(authEndpoints.logOut);
}

export function cancelAccount(): Promise<AnswerOf<typeof accountContract.cancel>> {
  return request<AnswerOf<typeof accountContract.cancel>>(authEndpoints.cancelAccount);
}
