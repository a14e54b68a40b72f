/**
 * Accounts: the anonymous token, SMS and mini-program login, logging out, cancelling the account,
 * and the logged-in user's profile.
 */
import type { ApiCall } from '../call';

export const accountCalls = {
  // Open: the token a device sends, anonymous or a login, is read when present and never required.
  getToken: { method: 'GET', path: '/api/Authentication/getToken', auth: 'none' },
  getLoginSms: { method: 'POST', path: '/api/Authentication/getLoginSms', auth: 'none' },
  smsLogin: { method: 'POST', path: '/api/Authentication/smsLogin', auth: 'none' },
  logOut: { method: 'GET', path: '/api/Authentication/logOut', auth: 'none' },
  weappLogin: { method: 'POST', path: '/api/Authentication/wechatMiniProgramLogin', auth: 'none' },
  alipayLogin: { method: 'POST', path: '/api/Authentication/aliMiniProgramLogin', auth: 'none' },
  cancel: { method: 'GET', path: '/api/Authentication/cancel', auth: 'user' },
  info: { method: 'GET', path: '/api/user/getInfo', auth: 'user' },
  updateInfo: { method: 'POST', path: '/api/user/updateInfo', auth: 'user' },
} as const satisfies Readonly<Record<string, ApiCall>>;
