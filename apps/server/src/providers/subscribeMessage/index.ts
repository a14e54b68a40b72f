/** Which platforms send the subscribe messages, following MINI_PROGRAM_PROVIDER as the logins do. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { alipayClientFromConfig } from '../alipay/client';
import { createAlipaySubscribeSender } from './alipay';
import type { SubscribeMessageSender, SubscribeMessageSenders } from './contract';
import { createSimulatedSubscribeSender } from './sim';
import { createTokenStore } from './tokenStore';
import { createWechatSubscribeSender } from './wechat';

export * from './contract';

/** Real platforms need the credentials config validation has already checked for MINI_PROGRAM_PROVIDER=real. */
export function createSubscribeMessageSenders(config: Config, db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SubscribeMessageSenders {
  if (config.MINI_PROGRAM_PROVIDER === 'off') return { weapp: notOffered, alipay: notOffered };
  if (config.MINI_PROGRAM_PROVIDER === 'sim') {
    return { weapp: createSimulatedSubscribeSender('weapp', log), alipay: createSimulatedSubscribeSender('alipay', log) };
  }
  return {
    weapp: createWechatSubscribeSender({
      appId: config.WECHAT_MINI_APP_ID!,
      appSecret: config.WECHAT_MINI_APP_SECRET!,
      apiBase: config.WECHAT_API_BASE,
      miniprogramState: config.WECHAT_MINI_PROGRAM_STATE,
      tokens: createTokenStore(db, config.dataEncryptionKey),
    }),
    alipay: createAlipaySubscribeSender(alipayClientFromConfig(config, config.ALIPAY_MINI_APP_ID ?? config.ALIPAY_APP_ID!)),
  };
}

/** A web-only site sends no mini-program message; one recorded earlier ends failed, saying why. */
const notOffered: SubscribeMessageSender = {
  name: 'off',
  async send() {
    return { status: 'failed', answer: 'mini-program messages are off on this site (MINI_PROGRAM_PROVIDER=off)' };
  },
};
