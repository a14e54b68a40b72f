import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer token: 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Keyed hash for looking up secrets (tokens, OTPs, fingerprints) without storing them. */
export const keyedHash = (key: string, purpose: string, value: string): Buffer =>
  createHmac('sha256', key).update(purpose).update('\0').update(value).digest();

export const sameHash = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** A numeric one-time code from the CSPRNG, left-padded to `digits`. */
export const numericCode = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the keyed format: version | key id (4 bytes) | iv | tag | ciphertext. */
const KEYED_FORMAT = 1;
const KEY_ID_BYTES = 4;

/** A key's id: the start of its SHA-256, so ids need no configuring and never name the wrong key. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES).toString('hex');

/**
 * Keys retired by a rotation (DATA_ENCRYPTION_KEYS_PREVIOUS), by the id of the key that replaced
 * them: values written with them stay readable until `npm run keys:reencrypt` has moved them.
 * Kept here so every caller of decrypt() reads old values without carrying the old keys around.
 */
const previousKeys = new Map<string, Buffer[]>();

export function rememberPreviousKeys(current: Buffer, previous: Buffer[]): void {
  if (previous.length) previousKeys.set(keyIdOf(current), previous);
}

/** What every value written with `key` starts with: the format and the key's id. */
const headerOf = (key: Buffer): Buffer => Buffer.concat([Buffer.from([KEYED_FORMAT]), Buffer.from(keyIdOf(key), 'hex')]);

function seal(key: Buffer, header: Buffer, iv: Buffer, plaintext: string): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = cipher.update(plaintext, 'utf8');
  cipher.final(); // GCM writes nothing more here: the tag is all it adds
  return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
}

/** AES-256-GCM under `key`; the stored value names the key it was written with. */
export function encrypt(key: Buffer, plaintext: string): Buffer {
  return seal(key, headerOf(key), randomBytes(IV_BYTES), plaintext);
}

/**
 * Many values under one key, each as `encrypt` writes it: the header is made once and the ivs
 * drawn at once, which is felt when a batch of 1000 cards seals 2000 values.
 */
export function encryptEach(key: Buffer, plaintexts: readonly string[]): Buffer[] {
  const header = headerOf(key);
  const ivs = randomBytes(IV_BYTES * plaintexts.length);
  return plaintexts.map((plaintext, i) => seal(key, header, ivs.subarray(i * IV_BYTES, (i + 1) * IV_BYTES), plaintext));
}

function open(key: Buffer, sealed: Buffer): string {
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The id of the key a stored value was written with; null for values from before key ids. */
export function storedKeyId(stored: Buffer): string | null {
  return stored[0] === KEYED_FORMAT && stored.length >= 1 + KEY_ID_BYTES + IV_BYTES + TAG_BYTES
    ? stored.subarray(1, 1 + KEY_ID_BYTES).toString('hex')
    : null;
}

/**
 * Reads a value written with `key` or with one of the keys it replaced. Values from before key
 * ids (iv | tag | ciphertext) are still read: GCM's tag tells a wrong guess of the format apart.
 */
export function decrypt(key: Buffer, stored: Buffer): string {
  const keys = [key, ...(previousKeys.get(keyIdOf(key)) ?? [])];
  const id = storedKeyId(stored);
  const named = id ? keys.find((k) => keyIdOf(k) === id) : undefined;
  if (named) {
    try {
      return open(named, stored.subarray(1 + KEY_ID_BYTES));
    } catch {
      // a value from before key ids whose random iv happens to look like the keyed format
    }
  }
  let failure: unknown;
  for (const k of keys) {
    try {
      return open(k, stored);
    } catch (e) {
      failure = e;
    }
  }
  throw failure;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread

export const newInviteCode = (): string => Array.from({ length: 6 }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');
