/**
 * Accounts: the anonymous token, SMS and mini-program login, logging out, cancelling the account,
 * and the logged-in user's profile.
 */
import type { ApiCall } from '../call';

export const accountCalls = {
  // Open: the anonymous token is made here; the mini-program logins go by the device id.
  getToken: { method: 'GET', path: '/api/Authentication/getToken', auth: 'none' },
  // The device sends the token it has (smsLogin reads the anonymous session's referral code, logOut
  // ends the session); none is required.
  getLoginSms: { method: 'POST', path: '/api/Authentication/getLoginSms', auth: 'optional' },
  smsLogin: { method: 'POST', path: '/api/Authentication/smsLogin', auth: 'optional' },
  logOut: { method: 'GET', path: '/api/Authentication/logOut', auth: 'optional' },
  weappLogin: { method: 'POST', path: '/api/Authentication/wechatMiniProgramLogin', auth: 'none' },
  alipayLogin: { method: 'POST', path: '/api/Authentication/aliMiniProgramLogin', auth: 'none' },
  cancel: { method: 'GET', path: '/api/Authentication/cancel', auth: 'user' },
  info: { method: 'GET', path: '/api/user/getInfo', auth: 'user' },
  updateInfo: { method: 'POST', path: '/api/user/updateInfo', auth: 'user' },
} as const satisfies Readonly<Record<string, ApiCall>>;
