import { cardDetailFields, CardStatus, defaultLocale, FILTER_ALL, SettlementStatus, ShipmentStatus, type Locale } from '@maika/shared';
import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Queryable, Tx } from '../../db/client';
import { localized, localizedText } from '../../db/localized';
import { startOfBusinessDay } from '../../lib/businessTime';
import { cardOrders, cards, cardTypes, faceValues } from '../../db/schema';
import { APPEAL_WINDOW_DAYS, appealableStatuses } from './stateMachine';

export type OrderRow = typeof cardOrders.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;

/** The column a property of a card row is stored in. */
const cardColumnName = (key: keyof CardRow): string => getTableColumns(cards)[key].name;

export async function findFaceValue(db: Queryable, cardTypeId: number, faceValueFen: number) {
  const [row] = await db
    .select({ rateBp: faceValues.rateBp, enabled: faceValues.enabled })
    .from(faceValues)
    .where(and(eq(faceValues.cardTypeId, cardTypeId), eq(faceValues.faceValueFen, faceValueFen)));
  return row;
}

export async function findUserOrderByKey(db: Queryable, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.userId, userId), eq(cardOrders.idempotencyKey, idempotencyKey)));
  return row;
}

/** Cards this user submitted today of this type, whatever became of them. */
export async function countCardsToday(db: Queryable, userId: number, cardTypeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.userId, userId), eq(cards.cardTypeId, cardTypeId), sql`${cards.createdAt} >= ${startOfBusinessDay}`));
  return row?.n ?? 0;
}

/** Which of these fingerprints belong to a card submitted by anyone and not rejected. */
export async function liveFingerprints(db: Queryable, fingerprints: Buffer[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  // One array parameter, not one parameter per card: a 1000-card batch is one short statement.
  const { rows } = await db.execute<{ fingerprint: Buffer }>(sql`
    select fingerprint from cards where fingerprint = any(${sql.param(fingerprints)}::bytea[]) and status <> ${CardStatus.Rejected}`);
  return new Set(rows.map((r) => r.fingerprint.toString('hex')));
}

/** Whether another copy of this card (same fingerprint) is submitted and not rejected. */
export async function hasLiveTwin(db: Queryable, card: Pick<CardRow, 'id' | 'fingerprint'>): Promise<boolean> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.fingerprint, card.fingerprint), ne(cards.status, CardStatus.Rejected), ne(cards.id, card.id)))
    .limit(1);
  return rows.length > 0;
}

const orderColumns = (locale: Locale) => ({
  order: cardOrders,
  goodsName: localized<string>(cardTypes.name, cardTypes.nameEn, locale),
  goodsLogo: cardTypes.logo,
});

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds), which the API promises. */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// A matching card by the rules of view.ts's toOrderCard, as SQL built from the same sources, so the list and the detail agree.
/** canAppeal (stateMachine.ts). */
const canAppeal = (card: string) =>
  `${card}.status in (${appealableStatuses.join(', ')}) and ${card}.appealed_at is null
   and coalesce(${card}.reviewed_at, ${card}.updated_at) > now() - make_interval(days => ${APPEAL_WINDOW_DAYS})`;

/** The card's details (shared cardDetails), each its column as stored, last as toOrderCard puts them. */
const cardDetailPairs = cardDetailFields.map((field) => `, '${field}', c.${cardColumnName(field)}`).join('');

/** A card as toOrderCard shapes it, its reason kept as a catalogue key being `{ key, params }` for the edge to render. */
const cardJson = `json_build_object(
  'id', c.id, 'cardNoMasked', c.masked_no, 'status', c.status, 'settlementStatus', c.settlement_status,
  'declaredFaceValueFen', c.declared_face_value_fen, 'actualFaceValueFen', c.actual_face_value_fen,
  'settlementFen', c.settlement_fen, 'appealReason', c.appeal_reason,
  'rejectReason', case when c.reject_reason_key is null then to_json(c.reject_reason)
                  else json_strip_nulls(json_build_object('key', c.reject_reason_key, 'params', c.reject_reason_params)) end,
  'appealReply', c.appeal_reply,
  'canAppeal', ${canAppeal('c')},
  'updatedAt', ${isoTime('c.updated_at')}${cardDetailPairs})`;

/**
 * A JSON object's text without its opening brace, cut as bytes: substr counts characters, which in
 * UTF-8 means walking the whole entry, and that walk was a third of the page statement's time.
 */
const afterOpeningBrace = (json: string) => `convert_from(substring(convert_to(${json}, 'UTF8') from 2), 'UTF8')`;

/**
 * The statement of `userOrderPageJson`, one per language and filter: plain text sent as a named
 * statement, so PostgreSQL plans it once per connection and no query builder runs per call.
 * Parameters: $1 user id, $2 limit, $3 offset[, $4 card status].
 *
 * Everything is read by key, and each order is written once, when it changes, not per call: its
 * row of card_order_summaries holds its entry, the order as the list sends it (JSON text, migration
 * 0037), kept with its figures by the triggers of migrations 0033 to 0037 in the transactions that
 * change orders and cards. A page of all orders is ten of those rows, walked backwards on
 * card_order_summaries_user_idx (user, order): no sort, and none of the user's other orders or cards
 * is read. With a status, the page's ids come first from card_order_statuses' key (user, status,
 * order), walked backwards the same way, and only that page reads cards: the order's ones in that
 * status (cards_order_idx). The page adds to each entry what is not the order's own: its card
 * type's name in the page's language and its logo, as they are now, and the matching cards. The
 * total is one row of card_order_user_counts.
 */
function orderPageStatement(locale: Locale, filtered: boolean): { name: string; text: string } {
  const entries = filtered
    ? `select k.order_id, k.card_type_id, k.entry
         from (select s.order_id from card_order_statuses s where s.user_id = $1 and s.status = $4 order by s.order_id desc limit $2 offset $3) ids
         join card_order_summaries k on k.order_id = ids.order_id`
    : 'select k.order_id, k.card_type_id, k.entry from card_order_summaries k where k.user_id = $1 order by k.order_id desc limit $2 offset $3';
  const goodsName = localizedText('t.name', 't.name_en', locale);
  // Only a filtered page carries cards, so only it may hold a reason to render at the edge.
  const matching = filtered
    ? {
        join: `cross join lateral (
          select coalesce(json_agg(${cardJson} order by c.line_no), '[]'::json) as cards,
                 coalesce(bool_or(c.reject_reason_key is not null), false) as keyed
            from cards c where c.order_id = p.order_id and c.status = $4
        ) m`,
        cards: 'm.cards::text',
        keyedReasons: 'coalesce(bool_or(m.keyed), false)',
      }
    : { join: '', cards: `'[]'`, keyedReasons: 'false' };
  const text = `
    select '{"list":[' || coalesce(string_agg(
             '{"goodsName":' || to_json(${goodsName})::text || ',"goodsLogo":' || coalesce(to_json(t.logo)::text, 'null')
             || ',"matchingCards":' || ${matching.cards} || ',' || ${afterOpeningBrace('p.entry')},
             ',' order by p.order_id desc), '')
           || '],"total":' || coalesce((select n.orders from card_order_user_counts n where n.user_id = $1 and n.status = ${filtered ? '$4' : FILTER_ALL}), 0)
           || '}' as page,
           ${matching.keyedReasons} as "keyedReasons"
      from (${entries}) p
      join card_types t on t.id = p.card_type_id
      ${matching.join}`;
  return { name: `order_page_${locale}_${filtered ? 'status' : 'all'}`, text };
}

const orderPageStatements = new Map<string, { name: string; text: string }>();

/**
 * One page of a user's orders, newest first, as the JSON text of `{ list, total }` in the shape of
 * packages/shared/src/api/cards.ts, but a card's reason kept as a catalogue key is `{ key, params }`
 * (`keyedReasons` says whether the page holds one) for the edge to render. Built by PostgreSQL in
 * one statement: only the columns the list shows are read and nothing is mapped row by row here.
 * The figures follow view.ts's toOrder.
 */
export async function userOrderPageJson(
  pool: pg.Pool,
  userId: number,
  status: number | null,
  limit: number,
  offset: number,
  locale: Locale,
): Promise<{ page: string; keyedReasons: boolean }> {
  const result = await pool.query<{ page: string; keyedReasons: boolean }>(orderPageQuery(userId, status, limit, offset, locale));
  return result.rows[0]!;
}

/** The named statement `userOrderPageJson` sends, with its values (the bench explains it). */
export function orderPageQuery(userId: number, status: number | null, limit: number, offset: number, locale: Locale) {
  const key = `${locale}:${status === null ? 'all' : 'status'}`;
  let statement = orderPageStatements.get(key);
  if (!statement) orderPageStatements.set(key, (statement = orderPageStatement(locale, status !== null)));
  return { ...statement, values: status === null ? [userId, limit, offset] : [userId, limit, offset, status] };
}

export async function findUserOrder(db: Queryable, userId: number, orderId: number, locale: Locale = defaultLocale) {
  const [row] = await db
    .select(orderColumns(locale))
    .from(cardOrders)
    .innerJoin(cardTypes, eq(cardTypes.id, cardOrders.cardTypeId))
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.userId, userId)));
  return row;
}

export async function cardsOfOrders(db: Queryable, orderIds: number[]): Promise<CardRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(cards).where(inArray(cards.orderId, orderIds)).orderBy(asc(cards.orderId), asc(cards.lineNo));
}

/** One of the user's cards, locked for a change when `tx` is a transaction. */
export async function findUserCardForUpdate(tx: Tx, userId: number, cardId: number): Promise<CardRow | undefined> {
  const [row] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
    .for('update');
  return row;
}

export async function findCardForUpdate(tx: Tx, cardId: number): Promise<CardRow | undefined> {
  const [row] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
  return row;
}

export async function updateCard(tx: Tx, cardId: number, patch: Partial<NewCard>): Promise<CardRow> {
  const [row] = await tx
    .update(cards)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(cards.id, cardId))
    .returning();
  return row!;
}

/**
 * Records (or corrects) how the parcel was sent; the order is then in transit. Refused (false)
 * once the cards were received, so the shipment behind a check never changes.
 */
export async function recordShipment(tx: Tx, userId: number, orderId: number, carrier: string, trackingNo: string): Promise<boolean> {
  const rows = await tx
    .update(cardOrders)
    .set({ carrier, trackingNo, shippedAt: new Date(), shipmentStatus: ShipmentStatus.InTransit })
    .where(
      and(
        eq(cardOrders.id, orderId),
        eq(cardOrders.userId, userId),
        inArray(cardOrders.shipmentStatus, [ShipmentStatus.AwaitingShipment, ShipmentStatus.InTransit]),
      ),
    )
    .returning({ id: cardOrders.id });
  return rows.length === 1;
}

/**
 * Awaiting shipment or in transit to received, in one conditional update: of two operators (or an
 * operator and the carrier poll) marking it at once exactly one wins. False when it was not waiting.
 */
export async function markOrderReceived(tx: Tx, orderId: number, receivedBy: number | null): Promise<boolean> {
  const rows = await tx
    .update(cardOrders)
    .set({ shipmentStatus: ShipmentStatus.Received, receivedAt: new Date(), receivedBy })
    .where(
      and(
        eq(cardOrders.id, orderId),
        eq(cardOrders.physical, true),
        inArray(cardOrders.shipmentStatus, [ShipmentStatus.AwaitingShipment, ShipmentStatus.InTransit]),
      ),
    )
    .returning({ id: cardOrders.id });
  return rows.length === 1;
}

export async function findOrder(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  return row;
}

/** Parcels in transit, longest on the road first, for the carrier's delivery reports. */
export async function ordersInTransit(db: Queryable, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(cardOrders)
    .where(eq(cardOrders.shipmentStatus, ShipmentStatus.InTransit))
    .orderBy(asc(cardOrders.shippedAt))
    .limit(limit);
}

/** Cards under review: unreviewed or under appeal (status 0 or 4). */
/**
 * What may still credit money to a user, by kind: cards not activated or abnormal (a reviewer or a
 * channel may yet pass them), passed cards whose settlement is not credited yet (pending, or frozen
 * by an operator), and pending second approvals on the user's cards or on a balance adjustment of
 * the user. Cards under review are `openCardsCount`'s.
 */
export async function pendingEarningsCounts(db: Queryable, userId: number) {
  const { rows } = await db.execute<{ notActivated: number; abnormal: number; awaitingCredit: number; pendingApprovals: number }>(sql`
    select
      count(*) filter (where status = ${CardStatus.NotActivated})::int as "notActivated",
      count(*) filter (where status = ${CardStatus.Abnormal})::int as "abnormal",
      count(*) filter (where status = ${CardStatus.Passed} and settlement_status <> ${SettlementStatus.Credited})::int as "awaitingCredit",
      (select count(*)::int from second_approvals a where a.status = 'pending'
        and ((a.kind = 'ledger.adjust' and a.target_id = ${userId})
          or (a.kind <> 'ledger.adjust' and a.target_id in (select id from cards where user_id = ${userId})))) as "pendingApprovals"
    from cards where user_id = ${userId}`);
  return rows[0]!;
}

export async function openCardsCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.userId, userId), inArray(cards.status, [CardStatus.Unreviewed, CardStatus.UnderAppeal])));
  return row?.n ?? 0;
}
