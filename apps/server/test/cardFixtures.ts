import { CardStatus, SettlementStatus } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import { signCallback } from '../src/providers/channel';
import { eventually, newKey, type Body, type TestServer } from './harness';

export interface CardTypeFixture {
  id: number;
  /** 100 yuan at 95 %, 50 yuan at 90 %, 200 yuan at 96 %. */
  faceValues: { faceValueFen: number; rateBp: number }[];
}

let typeSeq = 0;

/** A card type with known rules: 16-digit numbers, passwords of digits of any length. */
export async function createCardType(
  server: TestServer,
  o: { needsCardNo?: boolean; physical?: boolean; maintenance?: string; dailyCap?: number } = {},
): Promise<CardTypeFixture> {
  const q = (text: string, params: unknown[]) => server.deps.database.pool.query(text, params);
  typeSeq += 1;
  const {
    rows: [category],
  } = await q(`insert into categories (name) values ($1) returning id`, [`Test class ${typeSeq}`]);
  const {
    rows: [type],
  } = await q(
    `insert into card_types (category_id, name, card_no_rule_type, card_no_length, needs_card_no, pwd_rule_type, pwd_length, physical, maintenance, maintenance_note, daily_cap_per_user)
     values ($1, $2, 1, 16, $3, 1, null, $4, $5, $6, $7) returning id`,
    [
      category.id,
      `Test card ${typeSeq}`,
      o.needsCardNo ?? true,
      o.physical ?? false,
      Boolean(o.maintenance),
      o.maintenance ?? null,
      o.dailyCap ?? null,
    ],
  );
  const faceValues = [
    { faceValueFen: 10_000, rateBp: 9500 },
    { faceValueFen: 5_000, rateBp: 9000 },
    { faceValueFen: 20_000, rateBp: 9600 },
  ];
  for (const f of faceValues)
    await q('insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, $2, $3)', [type.id, f.faceValueFen, f.rateBp]);
  return { id: type.id, faceValues };
}

let cardSeq = 0;

/** A card nobody has submitted yet; the password ends with `pwdEnding` (the simulator's rules). */
export function freshCard(pwdEnding = '9876'): { cardNo: string; cardPwd: string } {
  cardSeq += 1;
  const n = `${process.pid}${Date.now()}${cardSeq}`.slice(-15);
  return {
    cardNo: `6${n.padStart(15, '0')}`,
    cardPwd: `${String(cardSeq).padStart(6, '0')}${Math.floor(Math.random() * 1e6)}${pwdEnding}`,
  };
}

export async function submit(
  server: TestServer,
  token: string,
  goodsId: number,
  cards: { cardNo?: string; cardPwd: string }[],
  faceValueFen = 10_000,
  idempotencyKey = newKey(),
) {
  return server.call('POST', '/api/order/submit', {
    token,
    body: { goodsId, faceValueFen, cards, idempotencyKey, agree: true },
    headers: { 'accept-language': 'en' },
  });
}

/** The order's detail once the channel has settled every card: credited or rejected. */
export async function settledOrder(server: TestServer, token: string, orderId: number): Promise<Body> {
  return eventually(async () => {
    const detail = await server.call('GET', `/api/order/detail?id=${orderId}`, { token });
    const cards: { status: number; settlementStatus: number }[] = detail.data.order.cards;
    return cards.every((c) => c.status === CardStatus.Rejected || c.settlementStatus === SettlementStatus.Credited) && detail;
  });
}

export interface SupplierCallback {
  /** The JSON text the supplier sends. */
  body: string;
  /** Epoch seconds; now when absent. */
  timestamp?: string;
  /** A fresh one when absent. */
  nonce?: string;
  /** Sent instead of the signature made with `secret`. */
  signature?: string;
  /** Signs with this instead of the current channel's secret. */
  secret?: string;
}

/** The card supplier's callback about a card, signed as the supplier signs it; answers the envelope. */
export async function supplierCallback(server: TestServer, s: SupplierCallback): Promise<Body> {
  const timestamp = s.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = s.nonce ?? randomBytes(12).toString('hex');
  const signature = s.signature ?? signCallback(s.secret ?? server.deps.cardChannels.current.secret, timestamp, nonce, s.body);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/channel/callback/sim',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
      'accept-language': 'en',
    },
    payload: s.body,
  });
  return response.json() as Body;
}
