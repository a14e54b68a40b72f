import { z } from 'zod';
import { cardNumberRuleTypeSchema } from '../enumSchemas';

export const cardTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  /** The best recycle rate among its face values, in basis points. */
  bestRateBp: z.number().int(),
  physical: z.boolean(),
  maintenance: z.boolean(),
});
export type CardTypeSummary = z.infer<typeof cardTypeSummary>;

export const goodsClass = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  cardTypes: z.array(cardTypeSummary),
});
export const goodsClassList = z.array(goodsClass);
export type GoodsClass = z.infer<typeof goodsClass>;

export const goodsDetailQuery = z.object({ id: z.coerce.number().int().positive('must be a positive id') });

const inputRule = z.object({
  ruleType: cardNumberRuleTypeSchema,
  /** Exact length, or null for any length. */
  length: z.number().int().nullable(),
});

export const goodsDetail = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  /** Password-only cards have no card number to enter. */
  needsCardNo: z.boolean(),
  cardNoRule: inputRule,
  pwdRule: inputRule,
  physical: z.boolean(),
  maintenance: z.boolean(),
  maintenanceNote: z.string().nullable(),
  dailyCapPerUser: z.number().int().nullable(),
  faceValues: z.array(z.object({ faceValueFen: z.number().int(), rateBp: z.number().int() })),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

export const goodsSearchQuery = z.object({
  keyword: z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters'),
});
export const goodsSearchResult = z.array(cardTypeSummary.extend({ categoryName: z.string() }));
