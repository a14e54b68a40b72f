/**
 * Mini-program logins: the mini-program hands us a one-time code from wx.login / my.getAuthCode
 * and the platform exchanges it for the user's stable id under our app (WeChat openid, Alipay user id).
 */
import type { Config } from '../../config';
import { alipayClientFromConfig } from '../alipay/client';
import { createAlipayMiniProgramLogin } from './alipay';
import { createSimulatedMiniProgramLogin } from './sim';
import { createWechatMiniProgramLogin } from './wechat';
import { MiniProgramError, type MiniProgramLogin, type MiniProgramProviders } from './contract';

export * from './contract';

/** The providers chosen by MINI_PROGRAM_PROVIDER; config validation has already checked the credentials. */
export function createMiniProgramProviders(config: Config): MiniProgramProviders {
  if (config.MINI_PROGRAM_PROVIDER === 'off') return { weapp: notOffered, alipay: notOffered };
  if (config.MINI_PROGRAM_PROVIDER === 'sim') {
    return { weapp: createSimulatedMiniProgramLogin('weapp'), alipay: createSimulatedMiniProgramLogin('alipay') };
  }
  return {
    weapp: createWechatMiniProgramLogin({
      appId: config.WECHAT_MINI_APP_ID!,
      appSecret: config.WECHAT_MINI_APP_SECRET!,
      apiBase: config.WECHAT_API_BASE,
    }),
    alipay: createAlipayMiniProgramLogin(alipayClientFromConfig(config, config.ALIPAY_MINI_APP_ID ?? config.ALIPAY_APP_ID!)),
  };
}

/** A web-only site: every mini-program login is refused before any platform is asked. */
const notOffered: MiniProgramLogin = {
  name: 'off',
  async openidOf() {
    throw new MiniProgramError('off', 'mini-program login is off on this site (MINI_PROGRAM_PROVIDER=off)');
  },
};
