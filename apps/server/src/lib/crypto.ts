import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer token: 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Keyed hash for looking up secrets (tokens, OTPs, fingerprints) without storing them. */
export const keyedHash = (key: string, purpose: string, value: string): Buffer =>
  createHmac('sha256', key).update(purpose).update('\0').update(value).digest();

export const sameHash = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** A numeric one-time code from the CSPRNG, left-padded to `digits`. */
export const numericCode = (digits: number): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM; the stored value is iv | tag | ciphertext. */
export function encrypt(key: Buffer, plaintext: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decrypt(key: Buffer, stored: Buffer): string {
  const iv = stored.subarray(0, IV_BYTES);
  const tag = stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread

export const newInviteCode = (): string =>
  Array.from({ length: 6 }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');
