/**
 * Idempotency keys of money-moving requests (a withdrawal, a card submission). A key is made when
 * the form is submitted and kept while the same request is retried, so a retry after a lost answer
 * returns the first result instead of making a second one. A changed request gets a new key.
 */

export interface SubmissionKeys {
  /** The key for this request: the previous one if it is a retry of the same request. */
  keyFor(request: string): string;
  /** The request went through (or was refused for good): the next submission is a new one. */
  settle(): void;
}

/** `prefix` names the kind of request, so a key seen in the server's logs says what it was for. */
function randomKey(prefix: string): string {
  const bytes = new Uint8Array(16);
  // Browsers and WeChat have Web Crypto; elsewhere time plus Math.random still never repeats for one user.
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${prefix}-${Date.now().toString(36)}-${hex}`;
}

export function createSubmissionKeys(prefix: string, newKey: () => string = () => randomKey(prefix)): SubmissionKeys {
  let pending: { request: string; key: string } | null = null;
  return {
    keyFor(request) {
      if (pending?.request !== request) pending = { request, key: newKey() };
      return pending.key;
    },
    settle() {
      pending = null;
    },
  };
}
