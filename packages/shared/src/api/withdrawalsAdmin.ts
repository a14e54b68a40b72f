/** Back-office money: withdrawals, approvals, balance adjustments, the ledger and its check. */
import { z } from 'zod';
import { FILTER_ALL } from '../enums';
import { queryCodeSchema, withdrawalStatusFilterSchema } from '../enumSchemas';
import { cashIdempotencyKeyField, withdrawalRecord } from './withdrawals';
import { adminDateFilter, pageFields, phoneDigitsSchema as phoneDigits } from './common';

const page = pageFields();
const isoDateTime = adminDateFilter;

export const adminWithdrawalQuery = z.object({
  status: queryCodeSchema(withdrawalStatusFilterSchema).default(FILTER_ALL),
  phone: phoneDigits.optional(),
  userId: z.coerce.number().int().positive('must be a positive id').optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  ...page,
});

export const adminWithdrawal = withdrawalRecord.extend({
  userId: z.number().int(),
  userPhone: z.string().nullable(),
  attempt: z.number().int(),
  outBizNo: z.string(),
  approvalsRequired: z.number().int(),
  approvalCount: z.number().int(),
  approvedAt: z.string().nullable(),
  provider: z.string().nullable(),
  providerRef: z.string().nullable(),
  /** The user is frozen: an open withdrawal is held (not approved, paid or retried) until the unfreeze. */
  userFrozen: z.boolean(),
  /** A payout provider pays this channel once approved: finance never pays it by hand (no offline actions). */
  autoPayout: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalList = z.object({ list: z.array(adminWithdrawal), total: z.number().int() });

/** What finance needs to pay a bank card by hand: the full name and account. */
export const adminWithdrawalDetail = adminWithdrawal.extend({
  payeeFullName: z.string(),
  payeeFullAccount: z.string(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  approvals: z.array(z.object({ adminId: z.number().int(), adminName: z.string(), attempt: z.number().int(), createdAt: z.string() })),
});
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetail>;

export const adminReasonBody = z.object({
  reason: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});

/**
 * One correction moves at most ¥1,000,000: a larger one is a typo, and repeated ones near
 * MAX_SAFE_FEN would push a balance past what the API can state exactly.
 */
export const ADJUSTMENT_MAX_FEN = 100_000_000;
export const adminAdjustBody = z.object({
  /** Positive credits the user's available balance, negative debits it. */
  amountFen: z
    .number({ error: 'must be an amount in fen (a whole number)' })
    .int('must be a whole number of fen')
    .min(-ADJUSTMENT_MAX_FEN, 'must be at most 1,000,000 yuan either way')
    .max(ADJUSTMENT_MAX_FEN, 'must be at most 1,000,000 yuan either way')
    .refine((v) => v !== 0, 'must not be 0'),
  reason: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  idempotencyKey: cashIdempotencyKeyField,
});
/** `transferId` is null while a credit above the threshold waits for a second finance approver (`pendingApprovalId`). */
export const adminAdjustData = z.object({
  transferId: z.number().int().nullable(),
  availableFen: z.number().int(),
  pendingApprovalId: z.number().int().nullable(),
});

export const ledgerEntryQuery = z.object(page);
export const ledgerEntry = z.object({
  id: z.number().int(),
  reason: z.string(),
  ref: z.string().nullable(),
  account: z.string(),
  counterAccount: z.string(),
  /** Signed from the user's account's side: + credit, − debit. */
  amountFen: z.number().int(),
  pending: z.boolean(),
  resolution: z.string().nullable(),
  createdAt: z.string(),
});
export const ledgerEntryList = z.object({ list: z.array(ledgerEntry), total: z.number().int() });

export const ledgerCheckReport = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), violations: z.array(z.string()) })),
});
