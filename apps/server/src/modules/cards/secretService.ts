/**
 * Card numbers and passwords exist in plaintext only in memory: stored AES-256-GCM encrypted,
 * found again by a keyed fingerprint, shown masked. Nothing here is ever logged.
 */
import { maskCardNumber, maskCardPassword } from '@maika/shared';
import type { Deps } from '../../deps';
import { decrypt, encryptEach, keyedHash } from '../../lib/crypto';
import type { CardRow } from './repo';

/** The text a card's fingerprint is the keyed hash of. */
const fingerprintText = (cardNo: string | null, cardPwd: string) => `${cardNo ?? ''}\0${cardPwd}`;

const fingerprintOf = (deps: Deps, text: string): Buffer => keyedHash(deps.config.appSecret, 'card-fingerprint', text);

/** The same card (number and password, or the password of a password-only card) gives the same fingerprint. */
export const cardFingerprint = (deps: Deps, cardNo: string | null, cardPwd: string): Buffer =>
  fingerprintOf(deps, fingerprintText(cardNo, cardPwd));

const upper = (text: string | null) => text?.toUpperCase() ?? null;
const lower = (text: string | null) => text?.toLowerCase() ?? null;

/** What lists show of a card: its number masked, or of a card without one, its password. */
export const maskCard = (cardNo: string | null, cardPwd: string): string =>
  cardNo !== null ? maskCardNumber(cardNo) : maskCardPassword(cardPwd);

/** A card as stored, with every fingerprint a submission looks it up by. */
export interface SealedCard {
  cardNoEnc: Buffer | null;
  cardPwdEnc: Buffer;
  maskedNo: string;
  /**
   * The fingerprint it is stored under. Of a type whose codes ignore letter case, that of its
   * upper-case form, so `AB12` and `ab12` meet in the unique index of live cards.
   */
  fingerprint: Buffer;
  /**
   * Every fingerprint a live twin of it may be stored under. Cards stored before their type
   * ignored case carry the fingerprint of the text as it was typed, and those fingerprints are
   * keyed with APP_SECRET, so no migration can make them again: a twin typed all in upper case,
   * all in lower case or exactly like this card is found; one typed in another mix of cases is not.
   */
  twins: Buffer[];
  /** The fingerprint of the text as typed (`cardFingerprint`), which the request hash is made of. */
  typed: Buffer;
}

/**
 * Seals a batch's cards in one pass: each distinct form of a line (as typed, upper case, lower
 * case) is hashed once, and that one fingerprint serves as the stored one, a twin and the typed one.
 */
export function sealCards(
  deps: Deps,
  lines: readonly { cardNo: string | null; cardPwd: string }[],
  caseInsensitive: boolean,
): SealedCard[] {
  // Number then password of each line, in order, read back in the same order below.
  const values = encryptEach(
    deps.config.dataEncryptionKey,
    lines.flatMap((line) => (line.cardNo === null ? [line.cardPwd] : [line.cardNo, line.cardPwd])),
  );
  let next = 0;
  return lines.map(({ cardNo, cardPwd }) => {
    const typedText = fingerprintText(cardNo, cardPwd);
    const typed = fingerprintOf(deps, typedText);
    let fingerprint = typed;
    let twins = [typed];
    if (caseInsensitive) {
      const forms = new Map<string, Buffer>([[typedText, typed]]);
      const formOf = (text: string) => forms.get(text) ?? forms.set(text, fingerprintOf(deps, text)).get(text)!;
      const upperForm = formOf(fingerprintText(upper(cardNo), upper(cardPwd)!));
      const lowerForm = formOf(fingerprintText(lower(cardNo), lower(cardPwd)!));
      fingerprint = upperForm;
      twins = [...new Set([upperForm, lowerForm, typed])];
    }
    return {
      cardNoEnc: cardNo === null ? null : values[next++]!,
      cardPwdEnc: values[next++]!,
      maskedNo: maskCard(cardNo, cardPwd),
      fingerprint,
      twins,
      typed,
    };
  });
}

export function openCard(deps: Deps, card: Pick<CardRow, 'cardNoEnc' | 'cardPwdEnc'>): { cardNo: string | null; cardPwd: string } {
  const key = deps.config.dataEncryptionKey;
  return { cardNo: card.cardNoEnc ? decrypt(key, card.cardNoEnc) : null, cardPwd: decrypt(key, card.cardPwdEnc) };
}
