/**
 * A card supplier reached over HTTP with JSON. We hand it each card and ask about it; it calls
 * back with its verdict in the shared callback format (index.ts), signed with the same secret.
 *
 * Supplier protocol:
 *   signing  every request and every answer carries `x-timestamp` (unix seconds), `x-nonce`
 *            (8 to 64 letters, digits, - or _) and `x-signature` = lowercase hex
 *            HMAC-SHA256(secret, `${timestamp}.${nonce}.${body}`), body '' for a GET; requests
 *            also carry `x-merchant` (our merchant id). More than 5 minutes off, or a nonce seen
 *            before, is refused.
 *   submit   POST {baseUrl}/cards
 *            body    JSON `{ merchantId, ref, cardNo, cardPwd, faceValueFen, cardTypeId, notifyUrl }`
 *            answer  200 `{ accepted: true }`; the same ref sent again with the same card is
 *                    accepted again, so a retried submission never checks a card twice
 *   query    GET {baseUrl}/cards/{ref}
 *            answer  200 `{ ref, state, actualFaceValueFen?, reason? }`, state one of `checking`,
 *                    `passed`, `rejected`, `notActivated`, `abnormal`
 *   refusal  4xx `{ error, message }`: 400 badRequest, 401 badSignature, 404 notFound,
 *            409 refConflict (that ref was sent before with another card)
 *
 * Answer classes of a submission: a signed 4xx other than 429 is a refusal for good
 * (`ChannelRefusal`, the card goes to a reviewer with the supplier's reason); no answer, a time-out,
 * a 5xx, a 429, or an answer that is unsigned, stale or outside the protocol is retried later.
 *   verdict  POST {notifyUrl}, the callback of index.ts
 *
 * An answer that is unsigned, wrongly signed or stale is not believed: the call throws and the job
 * retries, because a forged "accepted" would leave a card that nobody checks. Card numbers and
 * passwords travel only in the request body, over https in production, and never appear in an
 * error message.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CardChannel, ChannelCard, ChannelResult } from './contract';
import { CALLBACK_WINDOW_SECONDS, ChannelRefusal, signCallback, signatureMatches } from './contract';

export interface HttpChannelOptions {
  /** Our name for the supplier: the `:channel` of its callback path. */
  name: string;
  /** Where the protocol's paths start, e.g. https://supplier.example.com/api */
  baseUrl: string;
  merchantId: string;
  /** Shared with the supplier; signs both directions. */
  secret: string;
  timeoutMs: number;
  /** Where the supplier sends its verdict; undefined while our own address is not known yet. */
  callbackUrl: () => string | undefined;
  /** Plain http is only for local fakes: card passwords travel in the body. */
  allowInsecureHttp?: boolean;
}

// Spelled out here rather than taken from index.ts, which imports this module.
const supplierStates = ['checking', 'passed', 'rejected', 'notActivated', 'abnormal'] as const;

const cardState = z.object({
  ref: z.string(),
  state: z.enum(supplierStates),
  actualFaceValueFen: z.number().int().positive().optional(),
  reason: z.string().optional(),
});
const acceptance = z.object({ accepted: z.literal(true) });
const refusal = z.object({ error: z.string(), message: z.string().optional() });

interface Answer {
  status: number;
  body: unknown;
}

/** Supplier text may quote what we sent; it is repeated only with the card's secrets cut out. */
function withoutSecrets(text: string, card: ChannelCard, max = 200): string {
  let clean = text;
  for (const secret of [card.cardPwd, card.cardNo]) {
    if (secret) clean = clean.split(secret).join('***');
  }
  return clean.slice(0, max);
}

function answerTrusted(secret: string, response: Response, text: string, now = Date.now()): string | undefined {
  const timestamp = response.headers.get('x-timestamp') ?? '';
  const nonce = response.headers.get('x-nonce') ?? '';
  const signature = response.headers.get('x-signature') ?? '';
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[A-Za-z0-9_-]{8,64}$/.test(nonce) ||
    !signatureMatches(secret, timestamp, nonce, text, signature)
  ) {
    return 'the answer is not signed with our shared secret';
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > CALLBACK_WINDOW_SECONDS)
    return `the answer's timestamp is more than ${CALLBACK_WINDOW_SECONDS} s off our clock`;
  return undefined;
}

export function createHttpChannel(options: HttpChannelOptions): CardChannel {
  const { name, merchantId, secret, timeoutMs } = options;
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:' && !(options.allowInsecureHttp && base.protocol === 'http:')) {
    throw new Error(`card channel ${name}: the supplier address must be https (card passwords travel in the request body)`);
  }
  const root = base.href.replace(/\/+$/, '');
  const fail = (what: string): Error => new Error(`card channel ${name}: ${what}`);

  /** One signed exchange; only a signed, fresh, readable answer below HTTP 500 comes back. */
  async function exchange(method: 'GET' | 'POST', path: string, body: string, card: ChannelCard): Promise<Answer> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-merchant': merchantId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signCallback(secret, timestamp, nonce, body),
    };
    if (method === 'POST') headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers,
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw fail(`no answer within ${timeoutMs} ms about card ${card.ref}`);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw fail(`request about card ${card.ref} failed: ${withoutSecrets(cause, card)}`);
    }
    if (response.status >= 500) throw fail(`HTTP ${response.status} about card ${card.ref}: ${withoutSecrets(text, card)}`);
    const distrust = answerTrusted(secret, response, text);
    if (distrust) throw fail(`untrusted answer (HTTP ${response.status}) about card ${card.ref}: ${distrust}`);
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      throw fail(`unreadable answer (HTTP ${response.status}) about card ${card.ref}`);
    }
  }

  function refused(answer: Answer, card: ChannelCard): Error {
    const parsed = refusal.safeParse(answer.body);
    const why = parsed.success
      ? `${parsed.data.error}${parsed.data.message ? `: ${parsed.data.message}` : ''}`
      : 'an answer outside the protocol';
    const message = `card channel ${name}: refused card ${card.ref} (HTTP ${answer.status}) with ${withoutSecrets(why, card)}`;
    // 429 asks us to come back later; any other signed 4xx would be answered the same way again.
    const final = answer.status >= 400 && answer.status < 500 && answer.status !== 429;
    return final ? new ChannelRefusal(message, withoutSecrets(why, card)) : new Error(message);
  }

  return {
    name,
    secret,
    async submit(card) {
      const notifyUrl = options.callbackUrl();
      // Without it the supplier could never call back; the retry comes once the server listens.
      if (!notifyUrl) throw fail(`our callback address is not known yet; card ${card.ref} is handed over on a retry`);
      const { ref, cardNo, cardPwd, faceValueFen, cardTypeId } = card;
      const body = JSON.stringify({ merchantId, ref, cardNo, cardPwd, faceValueFen, cardTypeId, notifyUrl });
      const answer = await exchange('POST', '/cards', body, card);
      if (answer.status !== 200 || !acceptance.safeParse(answer.body).success) throw refused(answer, card);
    },
    async query(card) {
      const answer = await exchange('GET', `/cards/${encodeURIComponent(card.ref)}`, '', card);
      if (answer.status !== 200) throw refused(answer, card);
      const parsed = cardState.safeParse(answer.body);
      if (!parsed.success)
        throw fail(`unreadable state of card ${card.ref}: ${parsed.error.issues[0]?.path.join('.') || 'body'} has the wrong format`);
      const { ref, state, actualFaceValueFen, reason } = parsed.data;
      if (ref !== card.ref) throw fail(`asked about card ${card.ref}, answered about another card`);
      if (state === 'checking') return null;
      const result: ChannelResult = { ref, outcome: state };
      if (state === 'passed' && actualFaceValueFen !== undefined) result.actualFaceValueFen = actualFaceValueFen;
      if (reason) result.reason = withoutSecrets(reason, card);
      return result;
    },
  };
}
