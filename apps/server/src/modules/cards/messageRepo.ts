/** What the messages about an order read: the order under its lock, and its cards' results. */
import { CardStatus, type CardStatus as CardStatusCode, type MessageParams, type SettlementStatus } from '@maika/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notCreditedFinally, passedFinally, settledFinally } from './stateMachine';

export interface OrderForMessage {
  orderId: number;
  orderNo: string;
  userId: number;
  cardTypeName: string;
  cardTypeNameEn: string | null;
  cardCount: number;
  receivedAt: Date | null;
}

/**
 * The order locked for update: every change reporting on it (two of its cards decided at once)
 * takes this lock after the card's, so each counts its cards after the other has committed.
 */
export async function lockOrderForMessage(tx: Tx, orderId: number): Promise<OrderForMessage | undefined> {
  return (await lockOrdersForMessage(tx, [orderId]))[0];
}

/** `lockOrderForMessage` for a batch's orders, in id order (as every batch locks them) and one statement. */
export async function lockOrdersForMessage(tx: Tx, orderIds: number[]): Promise<OrderForMessage[]> {
  const { rows } = await tx.execute<OrderForMessage & Record<string, unknown>>(sql`
    select o.id::int as "orderId", o.order_no as "orderNo", o.user_id::int as "userId", o.card_count as "cardCount",
           o.received_at as "receivedAt", t.name as "cardTypeName", t.name_en as "cardTypeNameEn"
      from card_orders o join card_types t on t.id = o.card_type_id
     where o.id = any(${sql.param(orderIds)}::bigint[])
     order by o.id
       for update of o`);
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt === null ? null : new Date(row.receivedAt) }));
}

/** isCardDecided (stateMachine.ts), as SQL. */
const decided = sql`(status in (${sql.join(
  notCreditedFinally.map((s) => sql`${s}`),
  sql`, `,
)})
  or (status in (${sql.join(
    passedFinally.map((s) => sql`${s}`),
    sql`, `,
  )})
      and settlement_status in (${sql.join(
        settledFinally.map((s) => sql`${s}`),
        sql`, `,
      )})))`;

/** How many cards of each of these orders are not decided yet: order id → count (0 when all are). */
export async function countUndecidedCards(tx: Tx, orderIds: number[]): Promise<Map<number, number>> {
  const { rows } = await tx.execute<{ orderId: number; n: number }>(sql`
    select order_id::int as "orderId", count(*)::int as n from cards
     where order_id = any(${sql.param(orderIds)}::bigint[]) and not ${decided} group by order_id`);
  return new Map(rows.map((r) => [r.orderId, r.n]));
}

/** A card as a message reports it; never its number or password, only the masked number. */
export type CardResultRow = {
  id: number;
  maskedNo: string;
  status: CardStatusCode;
  settlementStatus: SettlementStatus;
  settlementFen: number | null;
  rejectReason: string | null;
  rejectReasonKey: string | null;
  rejectReasonParams: MessageParams | null;
  reviewedAt: Date | null;
  appealedAt: Date | null;
  updatedAt: Date;
};

/** The orders' cards in line order, by order: all, or those waiting for the seller (not activated, abnormal, rejected and not appealed yet). */
export async function cardResults(tx: Tx, orderIds: number[], which: 'all' | 'needSeller'): Promise<Map<number, CardResultRow[]>> {
  const filter =
    which === 'all'
      ? sql``
      : sql`and (status in (${CardStatus.NotActivated}, ${CardStatus.Abnormal}) or (status = ${CardStatus.Rejected} and appealed_at is null))`;
  const { rows } = await tx.execute<CardResultRow & { orderId: number }>(sql`
    select order_id::int as "orderId", id::int as id, masked_no as "maskedNo", status, settlement_status as "settlementStatus",
           settlement_fen::float8 as "settlementFen", reject_reason as "rejectReason", reject_reason_key as "rejectReasonKey",
           reject_reason_params as "rejectReasonParams", reviewed_at as "reviewedAt", appealed_at as "appealedAt", updated_at as "updatedAt"
      from cards where order_id = any(${sql.param(orderIds)}::bigint[]) ${filter}
     order by order_id, line_no`);
  const byOrder = new Map<number, CardResultRow[]>();
  for (const { orderId, ...r } of rows) {
    const card = {
      ...r,
      reviewedAt: r.reviewedAt === null ? null : new Date(r.reviewedAt),
      appealedAt: r.appealedAt === null ? null : new Date(r.appealedAt),
      updatedAt: new Date(r.updatedAt),
    };
    const cards = byOrder.get(orderId);
    if (cards) cards.push(card);
    else byOrder.set(orderId, [card]);
  }
  return byOrder;
}
