import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { alipayPrivateKeyPem, alipayPublicKeyPem } from '../providers/alipay/keys';

/**
 * The parsed values of one section's settings, with NODE_ENV, which every section's checks read:
 * what a section's problems function is given (config.ts hands it every setting).
 */
export type SectionEnv<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>> & { NODE_ENV: 'development' | 'test' | 'production' };

export const secret = (name: string) =>
  z.string().min(32, `${name} must be at least 32 characters; generate one with: openssl rand -base64 48`).optional();

/** A whole number of seconds from 1 to an hour: the intervals tests shorten and production bounds from below. */
export const wholeSeconds = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number of seconds` })
    .int({ error: `${name} must be a whole number of seconds` })
    .min(1, { error: `${name} must be at least 1` })
    .max(3600, { error: `${name} must be at most 3600` })
    .default(fallback);

/** A key given inline on one line, `\n` standing for each line break, accepted when `read` accepts it. */
const inlineKey = (read: (value: string) => unknown, message: string) =>
  z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine((value) => {
      try {
        read(value);
        return true;
      } catch {
        return false;
      }
    }, message)
    .optional();

/** A PEM key, inline. */
export const pemKey = (name: string, kind: 'private' | 'public') =>
  inlineKey(
    kind === 'private' ? createPrivateKey : createPublicKey,
    `${name} must be the ${kind} key in PEM, inline with \\n for line breaks ("-----BEGIN ${kind === 'private' ? 'PRIVATE' : 'PUBLIC'} KEY-----\\n…")`,
  );

/** An Alipay RSA key as the key tool prints it (bare base64) or as PEM, inline. */
export const alipayKey = (name: string, kind: 'private' | 'public') =>
  inlineKey(
    kind === 'private' ? alipayPrivateKeyPem : alipayPublicKeyPem,
    kind === 'private'
      ? `${name} must be the application's RSA private key (base64 from Alipay's key tool, or PEM)`
      : `${name} must be Alipay's RSA public key for the application (base64, or PEM)`,
  );

/** An address on this machine: plain http to it never crosses a network (a sidecar, a local fake). */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
  } catch {
    return false;
  }
}
