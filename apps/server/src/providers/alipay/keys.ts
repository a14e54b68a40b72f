/**
 * Alipay's gateway and key formats, apart from the client: the configuration checks keys at start
 * with these, and the client is built from that configuration.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Bare base64 (DER) or PEM of either layout, to a key object; throws when it is not an RSA key. */
function readKey(value: string, kind: 'private' | 'public'): KeyObject {
  const text = value.trim();
  const attempts: Array<() => KeyObject> = text.includes('-----BEGIN')
    ? [() => (kind === 'private' ? createPrivateKey(text) : createPublicKey(text))]
    : (kind === 'private' ? (['pkcs8', 'pkcs1'] as const) : (['spki', 'pkcs1'] as const)).map((type) => () => {
        const key = Buffer.from(text.replace(/\s+/g, ''), 'base64');
        return kind === 'private'
          ? createPrivateKey({ key, format: 'der', type: type as 'pkcs8' | 'pkcs1' })
          : createPublicKey({ key, format: 'der', type: type as 'spki' | 'pkcs1' });
      });
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // try the next layout
    }
  }
  throw new Error(`not an RSA ${kind} key in PEM or base64`);
}

/** The key as PKCS#8 PEM, which is what the SDK is told to expect. */
export const alipayPrivateKeyPem = (value: string): string => readKey(value, 'private').export({ format: 'pem', type: 'pkcs8' }).toString();

export const alipayPublicKeyPem = (value: string): string => readKey(value, 'public').export({ format: 'pem', type: 'spki' }).toString();
