/** Back-office card review (reviewer, admin) and catalogue management (admin). */
import { z } from 'zod';
import { CARD_NUMBER_MAX_LENGTH } from '../cardNumber';
import { carrierCodeSchema } from '../carriers';
import { FILTER_ALL } from '../enums';
import { cardNumberRuleTypeSchema, cardStatusFilterSchema, queryCodeSchema, shipmentStatusSchema } from '../enumSchemas';
import { positiveFenSchema, rateBpSchema } from '../money';
import { orderCard } from './cards';
import { adminDateFilter, englishText, pageFields, positiveIdSchema as positiveId, phoneDigitsSchema as phoneDigits } from './common';

const page = pageFields();
const isoDateTime = adminDateFilter;
const reason = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

// ---------------------------------------------------------------------------------------------
// Cards (GET /api/admin/cards, /api/admin/appeals, POST /api/admin/cards/:id/*)

/** `queue` of the card list: the cards a reviewer can decide now (cardAwaitingReview). */
export const CARD_REVIEW_QUEUE = 'review';

export const adminCardQuery = z.object({
  status: queryCodeSchema(cardStatusFilterSchema).default(FILTER_ALL),
  /**
   * `review`: only cards waiting for a reviewer's decision: unreviewed ones whose order is
   * electronic or received (a mailed card still on its way cannot be judged), and those in manual
   * review (abnormal). The review queue and the dashboard's to-do count are this set.
   */
  queue: z.literal(CARD_REVIEW_QUEUE, { error: 'must be review, or left out' }).optional(),
  goodsId: z.coerce.number().int().positive('must be a positive id').optional(),
  phone: phoneDigits.optional(),
  userId: z.coerce.number().int().positive('must be a positive id').optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  ...page,
});
export type AdminCardQuery = z.infer<typeof adminCardQuery>;

export const adminCard = orderCard.extend({
  orderId: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  userPhone: z.string().nullable(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  /** The order's rate; settlementRateBp is the one used (the actual face value's, when it differs). */
  rateBp: z.number().int(),
  settlementRateBp: z.number().int().nullable(),
  channel: z.string(),
  /**
   * A mailed card that has not arrived yet (its order awaiting shipment or in transit): it cannot
   * be passed or rejected until it is received.
   */
  awaitingReceipt: z.boolean(),
  /** Set while the card waits for a reviewer because its supplier refused it (or never answered usably): the supplier's reason. */
  channelRefusal: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** A pass waiting for a second reviewer (one card detail only). */
  pendingApproval: z
    .object({ id: z.number().int(), actualFaceValueFen: z.number().int(), requestedByName: z.string() })
    .nullable()
    .optional(),
});
export type AdminCard = z.infer<typeof adminCard>;
export const adminCardList = z.object({ list: z.array(adminCard), total: z.number().int() });

export const adminCardSecret = z.object({ cardNo: z.string().nullable(), cardPwd: z.string() });

export const adminApproveBody = z.object({
  /** What the card was really worth; the declared face value when left out. */
  actualFaceValueFen: positiveFenSchema.optional(),
});
export const adminCardReasonBody = z.object({ reason });
export const adminOptionalReasonBody = z.object({ reason: reason.optional() });

export const BULK_REVIEW_MAX = 200;
const ids = z.array(positiveId).min(1, 'must have at least one id').max(BULK_REVIEW_MAX, 'must have at most 200 ids');
export const adminBulkApproveBody = z.object({ ids });
export const adminBulkRejectBody = z.object({ ids, reason });
export const adminBulkResult = z.object({
  done: z.array(z.number().int()),
  /** Cards not changed, each with why (its status no longer allows it, or it does not exist). */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});

export const adminAppealDecideBody = z.object({
  /** True: the card passes (at actualFaceValueFen, or the declared value); false: it returns to where it was. */
  uphold: z.boolean(),
  reply: reason,
  actualFaceValueFen: positiveFenSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Catalogue (GET/POST/PUT /api/admin/categories, /api/admin/cardTypes, /api/admin/faceValues)

export const adminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  icon: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const adminCategoryList = z.object({ list: z.array(adminCategory) });
export const adminCategoryBody = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
  nameEn: englishText(40).optional(),
  icon: z.string().trim().max(300, 'must be at most 300 characters').nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  enabled: z.boolean().optional(),
});
export const adminCategoryUpdateBody = adminCategoryBody
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
/** The id of the category just added or changed. */
export const adminCategorySaved = z.object({ id: z.number().int() });

const ruleLength = z.number().int().min(1, 'must be 1 to 64').max(CARD_NUMBER_MAX_LENGTH, 'must be 1 to 64').nullable();

export const adminCardType = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  logo: z.string().nullable(),
  cardNoRuleType: cardNumberRuleTypeSchema,
  cardNoLength: z.number().int().nullable(),
  needsCardNo: z.boolean(),
  pwdRuleType: cardNumberRuleTypeSchema,
  pwdLength: z.number().int().nullable(),
  /** `AB12` and `ab12` are one card: the second is refused as already submitted. */
  caseInsensitive: z.boolean(),
  physical: z.boolean(),
  maintenance: z.boolean(),
  maintenanceNote: z.string().nullable(),
  maintenanceNoteEn: z.string().nullable(),
  dailyCapPerUser: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  faceValues: z.array(z.object({ id: z.number().int(), faceValueFen: z.number().int(), rateBp: z.number().int(), enabled: z.boolean() })),
});
export type AdminCardType = z.infer<typeof adminCardType>;
export const adminCardTypeList = z.object({ list: z.array(adminCardType) });

export const adminCardTypeBody = z.object({
  categoryId: positiveId,
  name: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
  nameEn: englishText(40).optional(),
  /** A path returned by /api/file/upload or a bundled asset. */
  logo: z.string().trim().max(300, 'must be at most 300 characters').nullable().optional(),
  cardNoRuleType: cardNumberRuleTypeSchema.optional(),
  cardNoLength: ruleLength.optional(),
  needsCardNo: z.boolean().optional(),
  pwdRuleType: cardNumberRuleTypeSchema.optional(),
  pwdLength: ruleLength.optional(),
  caseInsensitive: z.boolean().optional(),
  physical: z.boolean().optional(),
  maintenance: z.boolean().optional(),
  maintenanceNote: z.string().trim().max(200, 'must be at most 200 characters').nullable().optional(),
  maintenanceNoteEn: englishText(200).optional(),
  dailyCapPerUser: z.number().int().min(1, 'must be 1 or more').max(100_000).nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  enabled: z.boolean().optional(),
});
export const adminCardTypeUpdateBody = adminCardTypeBody
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

export const adminFaceValueBody = z.object({
  faceValueFen: positiveFenSchema,
  rateBp: rateBpSchema.refine((v) => v > 0, 'must be more than 0'),
  enabled: z.boolean().optional(),
});
export const adminFaceValueUpdateBody = z
  .object({ rateBp: rateBpSchema.refine((v) => v > 0, 'must be more than 0').optional(), enabled: z.boolean().optional() })
  .refine((b) => b.rateBp !== undefined || b.enabled !== undefined, 'give at least one of rateBp, enabled');

// ---------------------------------------------------------------------------------------------
// Mailed cards (GET /api/admin/shipments, POST /api/admin/shipments/:id/received)

export const adminShipmentQuery = z.object({
  shipmentStatus: queryCodeSchema(shipmentStatusSchema).optional(),
  phone: phoneDigits.optional(),
  /** The order number or the tracking number, exactly. */
  search: z.string().trim().max(40, 'must be at most 40 characters').optional(),
  ...page,
});
export type AdminShipmentQuery = z.infer<typeof adminShipmentQuery>;

/** One order of physical cards and where its parcel is. */
export const adminShipment = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  userPhone: z.string().nullable(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  faceValueFen: z.number().int(),
  cardCount: z.number().int(),
  shipmentStatus: shipmentStatusSchema,
  carrier: carrierCodeSchema.nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** The operator who marked it received; null when the carrier reported the delivery. */
  receivedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminShipment = z.infer<typeof adminShipment>;
export const adminShipmentList = z.object({ list: z.array(adminShipment), total: z.number().int() });
