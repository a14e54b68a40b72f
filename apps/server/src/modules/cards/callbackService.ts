/** POST /api/channel/callback/:channel: a supplier's signed verdict on one card. */
import { Code } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError, invalidInput, notFound } from '../../http/envelope';
import { CALLBACK_WINDOW_SECONDS, channelResult, signatureMatches } from '../../providers/channel';
import { rememberNonce } from './channelRepo';
import { applyChannelResult } from './settleService';

export interface SignedCallback {
  channel: string;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  body: string;
}

/**
 * Checks in this order: the signature (so nobody without the secret can even spend a nonce), the
 * clock window, the nonce; then the verdict is applied in the same transaction as the nonce.
 */
export async function receiveCallback(deps: Deps, c: SignedCallback, now = Date.now()): Promise<'applied' | 'ignored'> {
  const channel = deps.cardChannels.byName(c.channel);
  if (!channel) throw new AppError(Code.ChannelUnknown, { channel: c.channel.slice(0, 32) });
  const { timestamp = '', nonce = '', signature = '' } = c;
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[A-Za-z0-9_-]{8,64}$/.test(nonce) ||
    !signatureMatches(channel.secret, timestamp, nonce, c.body, signature)
  ) {
    throw new AppError(Code.ChannelSignatureInvalid);
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > CALLBACK_WINDOW_SECONDS)
    throw new AppError(Code.ChannelTimestampStale, { seconds: CALLBACK_WINDOW_SECONDS });
  let parsed: unknown;
  try {
    parsed = JSON.parse(c.body);
  } catch {
    throw invalidInput('body', 'is not valid JSON');
  }
  const result = channelResult.safeParse(parsed);
  if (!result.success) throw invalidInput(String(result.error.issues[0]?.path.join('.') || 'body'), 'has the wrong format');
  return deps.database.db.transaction(async (tx) => {
    if (!(await rememberNonce(tx, channel.name, nonce))) throw new AppError(Code.ChannelNonceReplayed);
    const outcome = await applyChannelResult(deps, tx, channel.name, result.data);
    if (outcome === 'unknownCard') throw notFound('thing.card');
    return outcome;
  });
}
