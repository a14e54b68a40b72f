import { z } from 'zod';
import { isLoopbackUrl, secret, wholeSeconds, type SectionEnv } from './fields';

/** Production's shortest wait before the card sweep queues a hand-over or credit again, and the default. */
const REQUEUE_MINIMUM_SECONDS = 60;

const CARD_CHANNEL_HTTP_SETTINGS = ['CARD_CHANNEL_HTTP_URL', 'CARD_CHANNEL_HTTP_MERCHANT_ID', 'CARD_CHANNEL_HTTP_SECRET'] as const;

export const cardChannelEnv = {
  /** Signs the card simulator's callbacks; derived from APP_SECRET when not given. */
  CHANNEL_SIM_SECRET: secret('CHANNEL_SIM_SECRET'),
  /** How long the card simulator "checks" a card before calling back; undefined: 3000 outside tests, 50 in tests. */
  CHANNEL_SIM_DELAY_MS: z.coerce.number({ error: 'CHANNEL_SIM_DELAY_MS must be a number of milliseconds' }).int().min(0).optional(),
  /** A card with no verdict this long after submission is asked about (status poll). */
  CHANNEL_POLL_AFTER_SECONDS: z.coerce
    .number({ error: 'CHANNEL_POLL_AFTER_SECONDS must be a number of seconds' })
    .int()
    .min(1)
    .default(300),
  /**
   * A card's hand-over or credit still not done this long after it was due is queued again by the
   * card sweep (its job is taken as lost with a process that died). A setting so tests need not
   * wait out the minute.
   */
  CARD_REQUEUE_AFTER_SECONDS: wholeSeconds('CARD_REQUEUE_AFTER_SECONDS', REQUEUE_MINIMUM_SECONDS),
  /** Where new cards are checked: the built-in simulator or a supplier over HTTP (providers/channel/http.ts). */
  CARD_CHANNEL: z.enum(['sim', 'http'], { error: 'CARD_CHANNEL must be sim or http' }).default('sim'),
  /** The supplier's name on its cards and in its callback path /api/channel/callback/<name>. */
  CARD_CHANNEL_HTTP_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'CARD_CHANNEL_HTTP_NAME must be 1 to 32 lowercase letters, digits, - or _, starting with a letter')
    .refine((v) => v !== 'sim', "CARD_CHANNEL_HTTP_NAME must not be sim, the simulator's name")
    .default('supplier'),
  CARD_CHANNEL_HTTP_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/]+/,
      'CARD_CHANNEL_HTTP_URL must be the http(s) address of the supplier API, like https://supplier.example.com/api',
    )
    .optional(),
  CARD_CHANNEL_HTTP_MERCHANT_ID: z.string().max(64, 'CARD_CHANNEL_HTTP_MERCHANT_ID must be at most 64 characters').optional(),
  CARD_CHANNEL_HTTP_SECRET: secret('CARD_CHANNEL_HTTP_SECRET'),
  CARD_CHANNEL_HTTP_TIMEOUT_MS: z.coerce
    .number({ error: 'CARD_CHANNEL_HTTP_TIMEOUT_MS must be a number of milliseconds' })
    .int('CARD_CHANNEL_HTTP_TIMEOUT_MS must be a whole number of milliseconds')
    .min(100, 'CARD_CHANNEL_HTTP_TIMEOUT_MS must be between 100 and 120000')
    .max(120_000, 'CARD_CHANNEL_HTTP_TIMEOUT_MS must be between 100 and 120000')
    .default(10_000),
};

/** A simulated card check would credit cards nobody checked: never in production. The supplier needs all its settings. */
export function cardChannelProblems(e: SectionEnv<typeof cardChannelEnv> & { PUBLIC_URL?: string }): string[] {
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  // Sooner, a hand-over still waiting for the supplier's answer would be queued, and made, a second time.
  if (production && e.CARD_REQUEUE_AFTER_SECONDS < REQUEUE_MINIMUM_SECONDS)
    problems.push(
      `CARD_REQUEUE_AFTER_SECONDS: at least ${REQUEUE_MINIMUM_SECONDS} in production, so a hand-over or credit still under way is not queued a second time`,
    );
  // A hand-over in flight holds its card that long (cards/channelRepo.ts `claimHandOver`): were it
  // shorter than the supplier's time-out, another job could send the card again meanwhile.
  if (production && e.CARD_REQUEUE_AFTER_SECONDS * 1000 <= e.CARD_CHANNEL_HTTP_TIMEOUT_MS)
    problems.push(
      `CARD_REQUEUE_AFTER_SECONDS: longer than CARD_CHANNEL_HTTP_TIMEOUT_MS (${e.CARD_CHANNEL_HTTP_TIMEOUT_MS} ms), so a hand-over still waiting for the supplier's answer is not made a second time`,
    );
  if (production && e.CARD_CHANNEL === 'sim')
    problems.push('CARD_CHANNEL: the simulator cannot be used in production; choose http and set the CARD_CHANNEL_HTTP_* settings');
  const given = CARD_CHANNEL_HTTP_SETTINGS.filter((name) => e[name]);
  if (e.CARD_CHANNEL === 'http' || given.length > 0) {
    const because = e.CARD_CHANNEL === 'http' ? 'when CARD_CHANNEL=http' : `with ${given[0]}`;
    for (const name of CARD_CHANNEL_HTTP_SETTINGS) {
      if (!e[name]) problems.push(`${name}: required ${because} (the supplier needs all of ${CARD_CHANNEL_HTTP_SETTINGS.join(', ')})`);
    }
  }
  if (production && e.CARD_CHANNEL_HTTP_URL && !e.CARD_CHANNEL_HTTP_URL.startsWith('https://') && !isLoopbackUrl(e.CARD_CHANNEL_HTTP_URL)) {
    problems.push(
      'CARD_CHANNEL_HTTP_URL: must start with https:// in production, unless the supplier is on this machine (card passwords travel in the request body)',
    );
  }
  if (production && e.CARD_CHANNEL === 'http' && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required when CARD_CHANNEL=http in production (the supplier calls back to PUBLIC_URL/api/channel/callback/CARD_CHANNEL_HTTP_NAME)',
    );
  }
  return problems;
}
