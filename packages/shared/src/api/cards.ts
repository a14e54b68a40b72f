/**
 * Selling cards: submission, the user's orders and cards, appeals and logistics
 * (/api/order/*). Amounts are integer fen, rates basis points, times ISO 8601.
 */
import { z } from 'zod';
import { carrierCodeSchema, TRACKING_NO_PATTERN } from '../carriers';
import { CARD_BATCH_MAX } from '../cardNumber';
import { APPEAL_REASON_MAX, APPEAL_REASON_MIN } from '../constants';
import { FILTER_ALL } from '../enums';
import { L, type LocalizedText } from '../i18n';
import { cardStatusFilterSchema, cardStatusSchema, queryCodeSchema, settlementStatusSchema, shipmentStatusSchema } from '../enumSchemas';
import { fenSchema, positiveFenSchema, rateBpSchema } from '../money';
import { cashIdempotencyKeyField } from './withdrawals';
import { pageFields, idSchema as id, positiveIdSchema as positiveId, queryIdSchema as queryId, isoTimeSchema as isoTime } from './common';

// ---------------------------------------------------------------------------------------------
// Submit (POST /api/order/submit)

/**
 * What the seller tells of each card besides its number and password (those are secrets, sealed
 * apart): each field is stored in the `cards` column of the same name, shown back on the card as
 * sent (`orderCard`, and so the console's cards) and exported with the cards under its label
 * (`cardFieldLabels`). Plain values only (text, a date as YYYY-MM-DD, a number), which read the
 * same from a row as from the JSON PostgreSQL builds for the order list.
 */
export const cardDetails = z.object({});
// Picked by the shape's keys: zod infers an object without fields as one with any key.
export type CardDetails = Pick<z.infer<typeof cardDetails>, keyof typeof cardDetails.shape>;
export const cardDetailFields = Object.keys(cardDetails.shape) as (keyof CardDetails)[];

/** A card's details out of whatever carries them: a submitted line, a stored card. */
export const cardDetailsOf = (source: CardDetails): CardDetails =>
  Object.fromEntries(cardDetailFields.map((field) => [field, source[field]])) as CardDetails;

/** One line of a batch as typed; `validateCardLine` (cardNumber.ts) checks it against the card type. */
export const submitCardLine = cardDetails.extend({
  /** Left out (or empty) for card types that need no card number. */
  cardNo: z.string().max(200, 'must be at most 200 characters').optional(),
  cardPwd: z.string().max(200, 'must be at most 200 characters'),
});
export type SubmitCardLine = z.infer<typeof submitCardLine>;

export const submitOrderBody = z.object({
  goodsId: positiveId,
  faceValueFen: positiveFenSchema,
  cards: z.array(submitCardLine).min(1, 'must have at least one card').max(CARD_BATCH_MAX, 'must have at most 1000 cards'),
  /** The client makes one per attempt and resends it on retry; a repeat returns the first result. */
  idempotencyKey: cashIdempotencyKeyField,
  /** The user ticked the card sale agreement. */
  agree: z.literal(true, { error: 'must be true: read and accept the card sale agreement' }),
});
export type SubmitOrderBody = z.infer<typeof submitOrderBody>;

export const submitOrderData = z.object({ orderId: id, orderNo: z.string(), cardCount: z.number().int() });
export type SubmitOrderData = z.infer<typeof submitOrderData>;

export const cardLineFields = ['cardNo', 'cardPwd'] as const;
export type CardLineField = (typeof cardLineFields)[number];

/** Each field of a card by name, as the console shows it and the cards export heads a card detail's column. */
export const cardFieldLabels = {
  cardNo: L('卡号', 'Card number'),
  cardPwd: L('卡密', 'Card password'),
} satisfies Record<CardLineField | keyof CardDetails, LocalizedText>;

/** The same names in the seller's app, which calls the card secret a PIN, as cards sold to shoppers print it. */
export const cardFieldLabelsInApp: Record<keyof typeof cardFieldLabels, LocalizedText> = {
  ...cardFieldLabels,
  cardPwd: L('卡密', 'Card PIN'),
};

/**
 * `data` of the BatchRejected code: every bad line, nothing saved. `index` is the 0-based position
 * in `cards` (messages say "line index + 1"); `reason` is in the reader's language.
 */
export const batchRejectedData = z.object({
  lines: z.array(z.object({ index: z.number().int(), field: z.enum(cardLineFields), reason: z.string() })),
});
export type BatchRejectedData = z.infer<typeof batchRejectedData>;

// ---------------------------------------------------------------------------------------------
// Orders and cards (GET /api/order/list, GET /api/order/detail)

export const orderCard = z.object({
  id,
  /** First and last characters only; for password-only card types, the password masked the same way. */
  cardNoMasked: z.string(),
  status: cardStatusSchema,
  settlementStatus: settlementStatusSchema,
  declaredFaceValueFen: fenSchema,
  /** Set by verification; differs from the declared value when the card was worth something else. */
  actualFaceValueFen: fenSchema.nullable(),
  /** What the user is (or will be) credited for this card once it passed. */
  settlementFen: fenSchema.nullable(),
  rejectReason: z.string().nullable(),
  appealReason: z.string().nullable(),
  appealReply: z.string().nullable(),
  /** Rejected and never appealed. */
  canAppeal: z.boolean(),
  updatedAt: isoTime,
  ...cardDetails.shape,
});
export type OrderCard = z.infer<typeof orderCard>;

/** How many of an order's cards are in one status. */
export const orderStatusCount = z.object({ status: cardStatusSchema, count: z.number().int() });
export type OrderStatusCount = z.infer<typeof orderStatusCount>;

/** What an order is and where it stands, without its cards: a line of the order list. */
const orderFacts = z.object({
  id,
  orderNo: z.string(),
  goodsId: id,
  goodsName: z.string(),
  goodsLogo: z.string().nullable(),
  faceValueFen: fenSchema,
  /** The rate when the order was submitted. */
  rateBp: rateBpSchema,
  cardCount: z.number().int(),
  passedCount: z.number().int(),
  /** Cards not decided yet: unreviewed, in manual review (abnormal) or under appeal (cardStatusesInProgress). */
  pendingCount: z.number().int(),
  /** cardCount × applyRateBp(faceValueFen, rateBp) (money.ts): per card rounded down to whole fen. */
  expectedFen: fenSchema,
  /** Sum of settlementFen over passed cards. */
  settledFen: fenSchema,
  physical: z.boolean(),
  /**
   * Physical orders only (null for electronic cards): 0 awaiting shipment (the user has not entered
   * the tracking number yet), 1 in transit, 2 received; checking starts at 2.
   */
  shipmentStatus: shipmentStatusSchema.nullable(),
  receivedAt: isoTime.nullable(),
  createdAt: isoTime,
  /** Statuses that hold at least one of the order's cards, in code order. */
  statusCounts: z.array(orderStatusCount),
});

/**
 * An order in the list. Its cards come with its detail (GET /api/order/detail); a list filtered by
 * a status carries the order's cards in that status, the ones the seller asked to see.
 */
export const orderSummary = orderFacts.extend({
  /** The order's cards in the status the list is filtered by, by line; none in the whole list (999). */
  matchingCards: z.array(orderCard),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** An order with every card, by line: its detail. */
export const order = orderFacts.extend({ cards: z.array(orderCard) });
export type Order = z.infer<typeof order>;

export const orderListQuery = z.object({
  /** Orders having at least one card in this status; 999 = all. */
  status: queryCodeSchema(cardStatusFilterSchema).default(FILTER_ALL),
  ...pageFields({ defaultSize: 10 }),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export const orderList = z.object({ list: z.array(orderSummary), total: z.number().int() });
export type OrderList = z.infer<typeof orderList>;

export const orderDetailQuery = z.object({ id: queryId });

export const orderLogistics = z.object({ carrier: carrierCodeSchema, trackingNo: z.string() });
export const orderDetail = z.object({ order, logistics: orderLogistics.nullable() });
export type OrderDetail = z.infer<typeof orderDetail>;

// ---------------------------------------------------------------------------------------------
// Appeal (POST /api/order/appeal)

export const appealBody = z.object({
  cardId: positiveId,
  reason: z.string().trim().min(APPEAL_REASON_MIN, 'must be 5 to 200 characters').max(APPEAL_REASON_MAX, 'must be 5 to 200 characters'),
});
export type AppealBody = z.infer<typeof appealBody>;
export const appealData = z.object({ card: orderCard });

// ---------------------------------------------------------------------------------------------
// Logistics (POST /api/order/logistics, GET /api/order/logisticsInfo)

export const logisticsBody = z.object({
  orderId: positiveId,
  carrier: carrierCodeSchema,
  trackingNo: z.string().trim().regex(TRACKING_NO_PATTERN, 'must be the tracking number: 8 to 30 letters or digits'),
});
export type LogisticsBody = z.infer<typeof logisticsBody>;
export const logisticsData = z.object({});

export const logisticsInfoQuery = z.object({ orderId: queryId });
export const logisticsEvent = z.object({ time: isoTime, text: z.string() });
export const logisticsInfo = z.object({
  carrier: carrierCodeSchema,
  /** In the reader's language. */
  carrierName: z.string(),
  trackingNo: z.string(),
  /** 1 in transit or 2 received (a shipment is recorded, so never 0). */
  shipmentStatus: shipmentStatusSchema,
  receivedAt: isoTime.nullable(),
  /** Newest first. */
  events: z.array(logisticsEvent),
});
export type LogisticsInfo = z.infer<typeof logisticsInfo>;
