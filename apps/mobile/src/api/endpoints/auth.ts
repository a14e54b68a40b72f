/** Login and session calls of SPEC.md §7, declared as data. */
import type { getLoginSmsData, loginData } from '@maika/shared';
import type { z } from 'zod';
import { request, type Endpoint } from '../http';

export type LoginSmsSent = z.infer<typeof getLoginSmsData>;
export type LoginResult = z.infer<typeof loginData>;

export const authEndpoints = {
  // Token calls: the server ties the session to the device's anonymous token and its referral code.
  sendLoginSms: { method: 'POST', path: '/api/Authentication/getLoginSms', auth: 'token' },
  smsLogin: { method: 'POST', path: '/api/Authentication/smsLogin', auth: 'token' },
  logOut: { method: 'GET', path: '/api/Authentication/logOut', auth: 'token' },
  cancelAccount: { method: 'GET', path: '/api/Authentication/cancel', auth: 'token' },
} as const satisfies Record<string, Endpoint>;

export function sendLoginSms(phone: string): Promise<LoginSmsSent> {
  return request<LoginSmsSent>(authEndpoints.sendLoginSms, { phone });
}

/** `referralCode` ('' for none) lets a first login sign the user up under their referrer. */
export function smsLogin(phone: string, code: string, referralCode: string): Promise<LoginResult> {
  return request<LoginResult>(authEndpoints.smsLogin, referralCode ? { phone, code, p: referralCode } : { phone, code });
}

export function logOut(): Promise<null> {
  return request<null>(authEndpoints.logOut);
}

export function cancelAccount(): Promise<null> {
  return request<null>(authEndpoints.cancelAccount);
}
