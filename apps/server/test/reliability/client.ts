/**
 * The reliability run's view of the system: plain HTTP calls to whichever server is up, a seeded
 * random source, and the record of every write a server acknowledged with code 200.
 */
import { Code } from '@maika/shared';
import { signCallback } from '../../src/providers/channel';

/** mulberry32: small, fast and reproducible from one 32-bit seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

export interface Answer<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  admin?: string;
  body?: unknown;
  device?: string;
  headers?: Record<string, string>;
  raw?: string;
}

/**
 * Answers other than HTTP 200 (a 5xx is a bug, not a fault we injected), and the catch-all
 * conflict code a race no service answered itself gets, for the final check.
 */
export const httpErrors: string[] = [];

/** One call; null when the server did not answer (killed, refused, cut off): nothing acknowledged. */
export async function call<T = any>(base: string, method: string, path: string, o: CallOptions = {}): Promise<Answer<T> | null> {
  const payload = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        uuid: o.device ?? 'reliability-device',
        ...(o.token ? { token: o.token } : {}),
        ...(o.admin ? { authorization: `Bearer ${o.admin}` } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...o.headers,
      },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status === 200) {
      const answer = JSON.parse(text) as Answer<T>;
      if (answer.code === Code.ConcurrentChange)
        httpErrors.push(`${new Date().toISOString()} ${method} ${path} answered an unhandled race: ${text.slice(0, 300)}`);
      return answer;
    }
    httpErrors.push(`${new Date().toISOString()} ${method} ${path} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
    return null;
  } catch {
    return null;
  }
}

/** A channel callback exactly as the supplier signs it; the same object sent twice is a replay. */
export function signedCallback(secret: string, result: object, nonce: string) {
  const raw = JSON.stringify(result);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { raw, headers: { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signCallback(secret, timestamp, nonce, raw) } };
}

export interface SubmittedCard {
  pwd: string;
  declaredFen: number;
}

/** Every write a server answered with 200, to look for afterwards. */
export interface Acknowledged {
  orders: Map<number, SubmittedCard[]>;
  withdrawals: Map<number, { userId: number; amountFen: number; key: string }>;
  adjustments: Map<number, { userId: number; amountFen: number }>;
  /** Withdrawals whose idempotent repeat was answered: [first id, repeat id]. */
  repeats: [number, number][];
  /** Replayed callbacks (same nonce) a server accepted: must stay empty. */
  acceptedReplays: string[];
}

export const newAcknowledged = (): Acknowledged => ({
  orders: new Map(),
  withdrawals: new Map(),
  adjustments: new Map(),
  repeats: [],
  acceptedReplays: [],
});
