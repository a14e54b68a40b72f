import type { Config } from './config';
import { payoutEnv } from './config/payout';

export interface BannerParts {
  /** Where the server listens, e.g. http://127.0.0.1:8080. */
  address: string;
  h5: boolean;
  admin: boolean;
}

export interface Banner {
  /** The mode and the address of each part. */
  lines: string[];
  /** In the demo, one loud line per simulator in use: what it fakes. */
  simulators: string[];
}

/** What the start banner says: read by a person at the terminal, so plain sentences. */
export function startBanner(config: Config, parts: BannerParts): Banner {
  const at = (path: string) => `${parts.address}${path}`;
  const lines = [
    config.demo
      ? `Maika is running in DEMO mode (NODE_ENV=${config.NODE_ENV}): simulators and demo data, never for real money`
      : 'Maika is running in production mode',
    parts.h5 ? `  app            ${at('/')}` : '  app            not built (npm run build:mobile)',
    parts.admin ? `  admin console  ${at('/admin/')}` : '  admin console  not built (npm run build:admin)',
    `  API            ${at('/api/')} (documentation ${at('/docs')})`,
    `  health         ${at('/healthz')} (liveness), ${at('/readyz')} (readiness)`,
    `  metrics        ${metricsLine(config, at('/metrics'))}`,
  ];
  if (config.demo) {
    lines.push(
      config.DEV_ROUTES_OPEN === 'true'
        ? `  dev routes     ${at('/api/dev/')}* and /sim/* answer ANY client (DEV_ROUTES_OPEN=true): anyone on the network can read login codes`
        : `  dev routes     ${at('/api/dev/')}* and /sim/* answer this machine only (DEV_ROUTES_OPEN=true opens them to a phone on the LAN)`,
    );
  }
  return { lines, simulators: config.demo ? simulatorsInUse(config, at) : [] };
}

function metricsLine(config: Config, url: string): string {
  if (config.METRICS_TOKEN) return `${url} (bearer METRICS_TOKEN)`;
  return config.demo ? `${url} (open to anyone: set METRICS_TOKEN to close it)` : 'off (set METRICS_TOKEN to serve /metrics)';
}

/** Each payout channel's vendor setting, PAYOUT_PROVIDER_<CHANNEL>, in the order the settings declare them. */
type PayoutProviderSetting = Extract<keyof typeof payoutEnv, `PAYOUT_PROVIDER_${string}`>;
const PAYOUT_PROVIDER_PREFIX = 'PAYOUT_PROVIDER_';
const payoutProviderSettings = Object.keys(payoutEnv).filter((name): name is PayoutProviderSetting =>
  name.startsWith(PAYOUT_PROVIDER_PREFIX),
);

function simulatorsInUse(config: Config, at: (path: string) => string): string[] {
  const lines: string[] = [];
  const simulated = (what: string) => lines.push(`SIMULATED ${what}`);
  if (config.SMS_PROVIDER === 'sim') simulated(`SMS: no message is sent; the codes and notices are at ${at('/api/dev/smsOutbox?phone=…')}`);
  if (config.FACE_PROVIDER === 'sim') simulated(`FACE VERIFICATION: anyone passes with the button at ${at('/sim/face/…')}`);
  if (config.MINI_PROGRAM_PROVIDER === 'sim')
    simulated(
      'MINI-PROGRAM LOGIN AND MESSAGES: any code sim-<anything> logs in; a subscribe message is not sent, its delivery keeps what would have been',
    );
  // A payout vendor added as its own PAYOUT_PROVIDER_<CHANNEL> setting is named here without a change.
  for (const setting of payoutProviderSettings) {
    const channel = setting.slice(PAYOUT_PROVIDER_PREFIX.length);
    if (config[setting] === 'sim') simulated(`${channel} PAYOUTS: marked ${config.PAYOUT_SIM_OUTCOME} without paying anyone`);
  }
  if (config.CARD_CHANNEL === 'sim') simulated('CARD CHECKS: the simulator decides from the password and credits cards nobody checked');
  if (config.seedDemo) lines.push('DEMO DATA is loaded on first start (catalogue, banners, notices, rich texts)');
  return lines;
}
