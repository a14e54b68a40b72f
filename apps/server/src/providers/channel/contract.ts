/**
 * A card channel is a supplier that checks a card with the issuer and says what it is worth.
 * We submit each card; the supplier answers later by a signed callback
 * (POST /api/channel/callback/:channel) or when asked (`query`).
 *
 * Callback wire format, shared by every channel:
 *   body     JSON `{ ref, outcome, actualFaceValueFen?, reason? }`; `ref` is the one we sent
 *   headers  `x-timestamp` (unix seconds), `x-nonce` (8 to 64 letters, digits, - or _),
 *            `x-signature` = lowercase hex HMAC-SHA256(secret, `${timestamp}.${nonce}.${body}`)
 * A callback more than 5 minutes off our clock, or with a nonce seen before, is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const CALLBACK_WINDOW_SECONDS = 300;

export const channelOutcomes = ['passed', 'rejected', 'notActivated', 'abnormal'] as const;

export const channelResult = z.object({
  ref: z.string().min(1).max(64),
  outcome: z.enum(channelOutcomes),
  /** Only with `passed`: what the card was really worth, when it differs from the declared value. */
  actualFaceValueFen: z.number().int().positive().optional(),
  reason: z.string().max(200).optional(),
});
export type ChannelResult = z.infer<typeof channelResult>;

export interface ChannelCard {
  /** Our reference for the card, echoed in the callback. */
  ref: string;
  cardNo: string | null;
  cardPwd: string;
  faceValueFen: number;
  cardTypeId: number;
}

/**
 * The supplier answered, in a signed answer, that it will not take this card (a 4xx refusal):
 * asking again would get the same answer, so the card goes to a reviewer with `reason`.
 */
export class ChannelRefusal extends Error {
  constructor(
    message: string,
    /** The supplier's own words (its error code and message), with the card's secrets cut out. */
    public readonly reason: string,
  ) {
    super(message);
    this.name = 'ChannelRefusal';
  }
}

export interface CardChannel {
  readonly name: string;
  /** The shared secret that signs this channel's callbacks. */
  readonly secret: string;
  /**
   * Hands the card over. Throws `ChannelRefusal` when the supplier refused the card for good;
   * any other throw (no answer, a server error, an answer we cannot trust) is worth retrying.
   */
  submit(card: ChannelCard): Promise<void>;
  /** The verdict when there is one, null while the supplier is still checking. */
  query(card: ChannelCard): Promise<ChannelResult | null>;
}

export interface CardChannels {
  /** The channel new cards go to. */
  readonly current: CardChannel;
  byName(name: string): CardChannel | undefined;
  /** Where our own server listens: the callback address channels give out when PUBLIC_URL is not set. */
  setListeningUrl(url: string): void;
  /** Cancels callbacks not sent yet. */
  stop(): void;
}

export function signCallback(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${body}`).digest('hex');
}

export function signatureMatches(secret: string, timestamp: string, nonce: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signCallback(secret, timestamp, nonce, body), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
