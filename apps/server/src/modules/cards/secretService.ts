/**
 * Card numbers and passwords exist in plaintext only in memory: stored AES-256-GCM encrypted,
 * found again by a keyed fingerprint, shown masked. Nothing here is ever logged.
 */
import { maskCardNumber, maskCardPassword } from '@maika/shared';
import type { Deps } from '../../deps';
import { decrypt, encrypt, keyedHash } from '../../lib/crypto';
import type { CardRow } from './repo';

/** The same card (number and password, or the password of a password-only card) gives the same fingerprint. */
export const cardFingerprint = (deps: Deps, cardNo: string | null, cardPwd: string): Buffer =>
  keyedHash(deps.config.appSecret, 'card-fingerprint', `${cardNo ?? ''}\0${cardPwd}`);

const upper = (text: string | null) => text?.toUpperCase() ?? null;
const lower = (text: string | null) => text?.toLowerCase() ?? null;

/**
 * The fingerprint a card is stored under. Of a type whose codes ignore letter case, that of its
 * upper-case form, so `AB12` and `ab12` meet in the unique index of live cards.
 */
export const storedFingerprint = (deps: Deps, cardNo: string | null, cardPwd: string, caseInsensitive: boolean): Buffer =>
  caseInsensitive ? cardFingerprint(deps, upper(cardNo), upper(cardPwd)!) : cardFingerprint(deps, cardNo, cardPwd);

/**
 * Every fingerprint a live twin of this card may be stored under. Cards stored before their type
 * ignored case carry the fingerprint of the text as it was typed, and those fingerprints are keyed
 * with APP_SECRET, so no migration can make them again: a twin typed all in upper case, all in
 * lower case or exactly like this card is found; one typed in another mix of cases is not.
 */
export function twinFingerprints(deps: Deps, cardNo: string | null, cardPwd: string, caseInsensitive: boolean): Buffer[] {
  if (!caseInsensitive) return [cardFingerprint(deps, cardNo, cardPwd)];
  const forms = [
    cardFingerprint(deps, upper(cardNo), upper(cardPwd)!),
    cardFingerprint(deps, lower(cardNo), lower(cardPwd)!),
    cardFingerprint(deps, cardNo, cardPwd),
  ];
  return forms.filter((f, i) => forms.findIndex((g) => g.equals(f)) === i);
}

/** What lists show of a card: its number masked, or of a card without one, its password. */
export const maskCard = (cardNo: string | null, cardPwd: string): string =>
  cardNo !== null ? maskCardNumber(cardNo) : maskCardPassword(cardPwd);

/** The card as stored: encrypted as typed, found again by its fingerprint (`storedFingerprint`). */
export function sealCard(deps: Deps, cardNo: string | null, cardPwd: string, caseInsensitive: boolean) {
  const key = deps.config.dataEncryptionKey;
  return {
    cardNoEnc: cardNo === null ? null : encrypt(key, cardNo),
    cardPwdEnc: encrypt(key, cardPwd),
    maskedNo: maskCard(cardNo, cardPwd),
    fingerprint: storedFingerprint(deps, cardNo, cardPwd, caseInsensitive),
  };
}

export function openCard(deps: Deps, card: Pick<CardRow, 'cardNoEnc' | 'cardPwdEnc'>): { cardNo: string | null; cardPwd: string } {
  const key = deps.config.dataEncryptionKey;
  return { cardNo: card.cardNoEnc ? decrypt(key, card.cardNoEnc) : null, cardPwd: decrypt(key, card.cardPwdEnc) };
}
