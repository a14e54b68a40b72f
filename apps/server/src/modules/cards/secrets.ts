/**
 * Card numbers and passwords exist in plaintext only in memory: stored AES-256-GCM encrypted,
 * found again by a keyed fingerprint, shown masked. Nothing here is ever logged.
 */
import { maskCardNumber, maskMiddle } from '@maika/shared';
import type { Deps } from '../../deps';
import { decrypt, encrypt, keyedHash } from '../../lib/crypto';
import type { CardRow } from './repo';

/** The same card (number and password, or the password of a password-only card) gives the same fingerprint. */
export const cardFingerprint = (deps: Deps, cardNo: string | null, cardPwd: string): Buffer =>
  keyedHash(deps.config.appSecret, 'card-fingerprint', `${cardNo ?? ''}\0${cardPwd}`);

/** The last 4 of a number; of a password only when 8 or more stay hidden. */
export const maskCard = (cardNo: string | null, cardPwd: string): string =>
  cardNo !== null ? maskCardNumber(cardNo) : maskMiddle(cardPwd, 0, cardPwd.length >= 12 ? 4 : 0);

export function sealCard(deps: Deps, cardNo: string | null, cardPwd: string) {
  const key = deps.config.dataEncryptionKey;
  return {
    cardNoEnc: cardNo === null ? null : encrypt(key, cardNo),
    cardPwdEnc: encrypt(key, cardPwd),
    maskedNo: maskCard(cardNo, cardPwd),
    fingerprint: cardFingerprint(deps, cardNo, cardPwd),
  };
}

export function openCard(deps: Deps, card: Pick<CardRow, 'cardNoEnc' | 'cardPwdEnc'>): { cardNo: string | null; cardPwd: string } {
  const key = deps.config.dataEncryptionKey;
  return { cardNo: card.cardNoEnc ? decrypt(key, card.cardNoEnc) : null, cardPwd: decrypt(key, card.cardPwdEnc) };
}
