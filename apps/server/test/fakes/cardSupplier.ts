/**
 * A local stand-in for a card supplier speaking the protocol of providers/channel/http.ts. It
 * checks each request's merchant, timestamp, nonce (once only) and HMAC signature over the bytes
 * it received, and the shape of every card; keeps cards by ref as a real supplier would; signs
 * every answer; and sends the signed verdict callback when a test says so. It shares no code with
 * the adapter, so a mistake in one is not mirrored in the other.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { header, jsonObjectBody, startFakeGateway, type FakeGateway } from './gateway';

export type SupplierState = 'checking' | 'passed' | 'rejected' | 'notActivated' | 'abnormal';

export interface SupplierVerdict {
  state: SupplierState;
  actualFaceValueFen?: number;
  reason?: string;
}

export interface SupplierCard extends SupplierVerdict {
  ref: string;
  cardNo: string | null;
  cardPwd: string;
  faceValueFen: number;
  cardTypeId: number;
  notifyUrl: string;
}

export interface SupplierRequest {
  method: string;
  path: string;
  kind: 'submit' | 'query' | 'other';
  ref?: string;
  merchant?: string;
  body: Record<string, unknown>;
  /** The error the supplier refused with before looking at the card, if any. */
  refusedWith?: string;
}

export interface CardSupplierOptions {
  merchantId: string;
  secret: string;
  /** Shifts the supplier's clock, to make our fresh requests look stale and its answers stale to us. */
  clockOffsetMs?: number;
}

export interface CardSupplier extends FakeGateway<SupplierRequest> {
  cards: Map<string, SupplierCard>;
  /** The verdict a new card gets; `checking` unless told otherwise. */
  decideNewCards(decide: (card: SupplierCard) => SupplierVerdict): void;
  /** Finishes checking a card, as the issuer's answer would. */
  setVerdict(ref: string, verdict: SupplierVerdict): void;
  /** POSTs the card's verdict, signed, to its notifyUrl (or `url`), and returns what came back. */
  sendCallback(ref: string, url?: string): Promise<{ status: number; body: unknown }>;
  /** While on, answers carry a signature that does not verify. */
  signBadly(on: boolean): void;
}

const WINDOW_S = 5 * 60;

const hmac = (secret: string, timestamp: string, nonce: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${nonce}.${body}`).digest('hex');

function classify(method: string, path: string): Pick<SupplierRequest, 'kind' | 'ref'> {
  if (method === 'POST' && path === '/cards') return { kind: 'submit' };
  const match = /^\/cards\/([^/?]+)$/.exec(path);
  return method === 'GET' && match ? { kind: 'query', ref: decodeURIComponent(match[1]!) } : { kind: 'other' };
}

type Refusal = { status: number; error: string; message: string };

function signatureRefusal(req: IncomingMessage, raw: Buffer, opts: CardSupplierOptions, seen: Set<string>): Refusal | undefined {
  const bad = (message: string): Refusal => ({ status: 401, error: 'badSignature', message });
  const timestamp = header(req, 'x-timestamp') ?? '';
  const nonce = header(req, 'x-nonce') ?? '';
  const signature = header(req, 'x-signature') ?? '';
  if (header(req, 'x-merchant') !== opts.merchantId) return bad('unknown merchant');
  if (!/^\d+$/.test(timestamp) || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(signature))
    return bad('x-timestamp, x-nonce and x-signature are required');
  const expected = Buffer.from(hmac(opts.secret, timestamp, nonce, raw.toString('utf8')), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return bad('signature does not match');
  const now = (Date.now() + (opts.clockOffsetMs ?? 0)) / 1000;
  if (Math.abs(now - Number(timestamp)) > WINDOW_S) return bad('timestamp is stale');
  if (seen.has(nonce)) return bad('nonce already used');
  seen.add(nonce);
  return undefined;
}

function submitRefusal(body: Record<string, unknown>, opts: CardSupplierOptions): Refusal | undefined {
  const bad = (message: string): Refusal => ({ status: 400, error: 'badRequest', message });
  const expected = ['merchantId', 'ref', 'cardNo', 'cardPwd', 'faceValueFen', 'cardTypeId', 'notifyUrl'];
  const extra = Object.keys(body).filter((key) => !expected.includes(key));
  if (extra.length) return bad(`unknown fields: ${extra.join(', ')}`);
  if (body.merchantId !== opts.merchantId) return bad('merchantId does not match x-merchant');
  if (typeof body.ref !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(body.ref)) return bad('ref must be 1 to 64 letters, digits, - or _');
  if (body.cardNo !== null && (typeof body.cardNo !== 'string' || body.cardNo === '')) return bad('cardNo must be a string or null');
  if (typeof body.cardPwd !== 'string' || body.cardPwd === '') return bad('cardPwd is required');
  for (const field of ['faceValueFen', 'cardTypeId'] as const) {
    if (!Number.isSafeInteger(body[field]) || (body[field] as number) <= 0) return bad(`${field} must be a positive integer`);
  }
  if (typeof body.notifyUrl !== 'string' || !/^https?:\/\/.+/.test(body.notifyUrl)) return bad('notifyUrl must be an http(s) address');
  return undefined;
}

const sameCard = (card: SupplierCard, body: Record<string, unknown>) =>
  card.cardNo === body.cardNo &&
  card.cardPwd === body.cardPwd &&
  card.faceValueFen === body.faceValueFen &&
  card.cardTypeId === body.cardTypeId;

function stateView(card: SupplierCard): Record<string, unknown> {
  return {
    ref: card.ref,
    state: card.state,
    ...(card.actualFaceValueFen !== undefined ? { actualFaceValueFen: card.actualFaceValueFen } : {}),
    ...(card.reason ? { reason: card.reason } : {}),
  };
}

export async function startCardSupplier(opts: CardSupplierOptions): Promise<CardSupplier> {
  const cards = new Map<string, SupplierCard>();
  const seen = new Set<string>();
  let decide: (card: SupplierCard) => SupplierVerdict = () => ({ state: 'checking' });
  let badSignatures = false;
  const error = (status: number, code: string, message: string) => ({ status, body: { error: code, message } });

  function answerSubmit(body: Record<string, unknown>) {
    const ref = String(body.ref);
    const known = cards.get(ref);
    if (known)
      return sameCard(known, body)
        ? { body: { accepted: true } }
        : error(409, 'refConflict', `ref ${ref} was sent before with another card`);
    const card: SupplierCard = {
      ref,
      cardNo: body.cardNo as string | null,
      cardPwd: String(body.cardPwd),
      faceValueFen: body.faceValueFen as number,
      cardTypeId: body.cardTypeId as number,
      notifyUrl: String(body.notifyUrl),
      state: 'checking',
    };
    Object.assign(card, decide(card));
    cards.set(ref, card);
    return { body: { accepted: true } };
  }

  const sign = (text: string) => {
    const timestamp = String(Math.floor((Date.now() + (opts.clockOffsetMs ?? 0)) / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': hmac(badSignatures ? `${opts.secret}x` : opts.secret, timestamp, nonce, text),
    };
  };

  const gateway = await startFakeGateway<SupplierRequest>({
    receive(req, raw) {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      return { method, path, ...classify(method, path), merchant: header(req, 'x-merchant'), body: jsonObjectBody(raw) };
    },
    refuse(req, raw, request) {
      const refusal = signatureRefusal(req, raw, opts, seen) ?? (request.kind === 'submit' ? submitRefusal(request.body, opts) : undefined);
      if (!refusal) return undefined;
      request.refusedWith = refusal.error;
      return error(refusal.status, refusal.error, refusal.message);
    },
    answer(request) {
      if (request.kind === 'submit') return answerSubmit(request.body);
      const card = request.ref ? cards.get(request.ref) : undefined;
      if (request.kind === 'other' || !card) return error(404, 'notFound', 'no such card');
      return { body: stateView(card) };
    },
    responseHeaders: (_status, text) => sign(text),
  });

  return {
    ...gateway,
    cards,
    decideNewCards(next) {
      decide = next;
    },
    setVerdict(ref, verdict) {
      const card = cards.get(ref);
      if (!card) throw new Error(`no card ${ref}`);
      Object.assign(card, { actualFaceValueFen: undefined, reason: undefined }, verdict);
    },
    async sendCallback(ref, url) {
      const card = cards.get(ref);
      if (!card || card.state === 'checking') throw new Error(`card ${ref} has no verdict to send`);
      const { state, ...rest } = stateView(card);
      const text = JSON.stringify({ ...rest, outcome: state });
      const response = await fetch(url ?? card.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sign(text) },
        body: text,
      });
      return { status: response.status, body: await response.json() };
    },
    signBadly(on) {
      badSignatures = on;
    },
  };
}
