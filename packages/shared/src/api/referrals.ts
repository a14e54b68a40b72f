/**
 * Referrals and rebates: the share, shareDetail and levelUsers pages (/api/share/*) and their
 * back-office views (/api/admin/referrals, /api/admin/rebates, the rebate rate). Amounts are
 * integer fen, rates basis points, times ISO 8601, phones masked.
 */
import { z } from 'zod';
import { fenSchema } from '../money';
import { adminDateFilter, pageFields, idSchema as id, isoTimeSchema as isoTime, phoneDigitsSchema as phoneDigits } from './common';

const page = pageFields();

/** Highest rebate rate the back office may set: 30.00% of a card's settlement. */
export const REBATE_RATE_MAX_BP = 3000;

/**
 * A rebate's status: credited when the referee's card is credited. No card credit is ever taken
 * back, so nothing writes reversed (the rebate taken back) or reversal_pending (owed by a referrer
 * who had spent it); the listings and the back-office filter still accept and show them.
 */
export const rebateStatuses = ['credited', 'reversed', 'reversal_pending'] as const;
export const rebateStatusSchema = z.enum(rebateStatuses, { error: 'must be credited, reversed or reversal_pending' });
export type RebateStatus = z.infer<typeof rebateStatusSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/share/getInfo

export const shareInfo = z.object({
  inviteCode: z.string(),
  /** The H5 home page carrying the invite code as `p`; what the share poster's QR code holds. */
  inviteUrl: z.string(),
  rebateRateBp: z.number().int(),
  /** Direct referees. */
  levelUserCount: z.number().int(),
  /** Rebates ever credited, reversals subtracted. */
  rebateTotalFen: fenSchema,
  /** Rebates credited this calendar month (Asia/Shanghai), reversals subtracted. */
  rebateMonthFen: fenSchema,
});
export type ShareInfo = z.infer<typeof shareInfo>;

// ---------------------------------------------------------------------------------------------
// GET /api/share/levelUsers?page=&pageSize=

export const levelUsersQuery = z.object(page);
export const levelUser = z.object({
  id,
  nickname: z.string(),
  avatar: z.string().nullable(),
  /** Masked: 138****5678; empty once the account is cancelled. */
  phone: z.string(),
  joinedAt: isoTime,
  /** The referee's cards that were credited. */
  cardCount: z.number().int(),
  /** What this referee earned the caller, reversals subtracted. */
  rebateFen: fenSchema,
});
export type LevelUser = z.infer<typeof levelUser>;
export const levelUserList = z.object({ list: z.array(levelUser), total: z.number().int() });
export type LevelUserList = z.infer<typeof levelUserList>;

// ---------------------------------------------------------------------------------------------
// GET /api/share/details?page=&pageSize=

export const shareDetailsQuery = z.object(page);
export const shareDetail = z.object({
  id,
  refereePhone: z.string().describe('masked'),
  refereeNickname: z.string(),
  cardId: id,
  goodsName: z.string(),
  settlementFen: fenSchema,
  rebateFen: fenSchema,
  status: rebateStatusSchema,
  createdAt: isoTime,
});
export type ShareDetail = z.infer<typeof shareDetail>;
export const shareDetailList = z.object({
  list: z.array(shareDetail),
  total: z.number().int(),
  /** Sum of the credited rebates of every page (reversed ones left out). */
  totalFen: fenSchema,
});
export type ShareDetailList = z.infer<typeof shareDetailList>;

// ---------------------------------------------------------------------------------------------
// Back office: GET /api/admin/referrals, GET /api/admin/rebates, PUT /api/admin/settings/rebateRate

export const adminReferralQuery = z.object({
  referrerPhone: phoneDigits.optional(),
  referrerId: z.coerce.number().int().positive('must be a positive id').optional(),
  ...page,
});
export const adminReferral = z.object({
  refereeId: id,
  refereePhone: z.string().nullable(),
  refereeNickname: z.string(),
  referrerId: id,
  referrerPhone: z.string().nullable(),
  referrerNickname: z.string(),
  joinedAt: isoTime,
  cardCount: z.number().int(),
  rebateFen: fenSchema,
});
export type AdminReferral = z.infer<typeof adminReferral>;
export const adminReferralList = z.object({ list: z.array(adminReferral), total: z.number().int() });

export const adminRebateQuery = z.object({
  status: rebateStatusSchema.optional(),
  referrerPhone: phoneDigits.optional(),
  refereePhone: phoneDigits.optional(),
  from: adminDateFilter.optional(),
  to: adminDateFilter.optional(),
  ...page,
});
export const adminRebate = z.object({
  id,
  referrerId: id,
  referrerPhone: z.string().nullable(),
  refereeId: id,
  refereePhone: z.string().nullable(),
  cardId: id,
  goodsName: z.string(),
  settlementFen: fenSchema,
  rateBp: z.number().int(),
  rebateFen: fenSchema,
  status: rebateStatusSchema,
  createdAt: isoTime,
  reversedAt: isoTime.nullable(),
});
export type AdminRebate = z.infer<typeof adminRebate>;
export const adminRebateList = z.object({ list: z.array(adminRebate), total: z.number().int(), totalFen: fenSchema });

export const rebateRateBody = z.object({
  rateBp: z
    .number({ error: 'must be a rate in basis points (a whole number, 500 = 5.00%)' })
    .int('must be a whole number of basis points (500 = 5.00%)')
    .min(0, 'must be 0 to 3000 basis points (0% to 30%)')
    .max(REBATE_RATE_MAX_BP, 'must be 0 to 3000 basis points (0% to 30%)'),
});
export const rebateRateData = z.object({ rateBp: z.number().int() });
