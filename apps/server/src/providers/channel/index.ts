/** Which card channels run, from the configuration; the contract every channel keeps is in contract.ts. */
import type { Config } from '../../config';
import { isLoopbackUrl } from '../../config/fields';
import { keyedHash } from '../../lib/crypto';
import { createHttpChannel } from './http';
import { createSimChannel } from './sim';
import type { CardChannel, CardChannels } from './contract';

export * from './contract';

/** The simulator's secret: CHANNEL_SIM_SECRET, or one derived from APP_SECRET so development needs no setup. */
export const simChannelSecret = (config: Config): string =>
  config.CHANNEL_SIM_SECRET ?? keyedHash(config.appSecret, 'channel-sim', 'secret').toString('hex');

/** The HTTP supplier, whenever its settings are given, so its cards still resolve after CARD_CHANNEL changes. */
function configuredHttpChannel(config: Config, callbackBase: () => string | undefined): CardChannel | undefined {
  const { CARD_CHANNEL_HTTP_URL: baseUrl, CARD_CHANNEL_HTTP_MERCHANT_ID: merchantId, CARD_CHANNEL_HTTP_SECRET: secret } = config;
  if (!baseUrl || !merchantId || !secret) return undefined;
  const name = config.CARD_CHANNEL_HTTP_NAME;
  return createHttpChannel({
    name,
    baseUrl,
    merchantId,
    secret,
    timeoutMs: config.CARD_CHANNEL_HTTP_TIMEOUT_MS,
    callbackUrl: () => {
      const base = callbackBase();
      return base ? new URL(`/api/channel/callback/${name}`, base).href : undefined;
    },
    allowInsecureHttp: config.NODE_ENV !== 'production' || isLoopbackUrl(baseUrl),
  });
}

export function createCardChannels(config: Config): CardChannels {
  let listeningUrl: string | undefined;
  const callbackBase = () => config.PUBLIC_URL ?? listeningUrl;
  // The simulator passes cards nobody checked: outside production only.
  const sim =
    config.NODE_ENV === 'production'
      ? undefined
      : createSimChannel({
          secret: simChannelSecret(config),
          delayMs: config.CHANNEL_SIM_DELAY_MS ?? (config.NODE_ENV === 'test' ? 50 : 3000),
          callbackBase,
        });
  const http = configuredHttpChannel(config, callbackBase);
  const current = config.CARD_CHANNEL === 'http' ? http : sim;
  if (!current) throw new Error(`CARD_CHANNEL=${config.CARD_CHANNEL} is not available with this configuration`);
  const channels = [sim, http].filter((c): c is CardChannel => c !== undefined);
  return {
    current,
    byName: (name) => channels.find((c) => c.name === name),
    setListeningUrl: (url) => {
      listeningUrl = url;
    },
    stop: () => sim?.stop(),
  };
}
