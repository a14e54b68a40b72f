/** Which payout channels pay by themselves, from the configuration; the contract every vendor keeps is in contract.ts. */
import type { PayeeChannelKey } from '@maika/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { alipayClientFromConfig } from '../alipay/client';
import { createAlipayPayout } from './alipay';
import { createSimulatedPayout } from './sim';
import { createWechatPayout, wechatPayoutOptions } from './wechat';
import type { PayoutProvider } from './contract';

export * from './contract';

/** Channel → provider. A channel without one (bank cards, or set to offline) is paid by finance by hand. */
export type PayoutProviders = Partial<Record<PayeeChannelKey, PayoutProvider>>;

export function createPayoutProviders(config: Config, db: Db): PayoutProviders {
  const sim = (channel: PayeeChannelKey) =>
    createSimulatedPayout(db, { channel, outcome: config.PAYOUT_SIM_OUTCOME, delayMs: config.PAYOUT_SIM_DELAY_MS });
  const providers: PayoutProviders = {};
  if (config.PAYOUT_PROVIDER_ALIPAY === 'alipay') providers.alipay = createAlipayPayout({ client: alipayClientFromConfig(config) });
  if (config.PAYOUT_PROVIDER_ALIPAY === 'sim') providers.alipay = sim('alipay');
  const wechatOptions = wechatPayoutOptions(config);
  if (config.PAYOUT_PROVIDER_WECHAT === 'wechat' && wechatOptions) providers.wechat = createWechatPayout(wechatOptions);
  if (config.PAYOUT_PROVIDER_WECHAT === 'sim') providers.wechat = sim('wechat');
  return providers;
}
