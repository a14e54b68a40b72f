/**
 * Balance, withdrawal channels and withdrawals: the calls behind the withdraw and withdrawRecord
 * pages (payee accounts are payees.ts). Amounts are integer fen, rates basis points.
 */
import { z } from 'zod';
import { FILTER_ALL } from '../enums';
import { payeeChannelSchema, queryCodeSchema, withdrawalStatusFilterSchema, withdrawalStatusSchema } from '../enumSchemas';
import { fenSchema, positiveFenSchema } from '../money';
import { pageFields, idSchema as id, positiveIdSchema as positiveId, isoTimeSchema as isoTime } from './common';

// ---------------------------------------------------------------------------------------------
// Account (GET /api/cash/getAccount)

export const cashAccount = z.object({
  /** What the user can withdraw now. */
  availableFen: fenSchema,
  /** Held by withdrawals that are not finished yet. */
  heldFen: fenSchema,
  /** Everything ever credited for cards (reversals subtracted). */
  creditedTotalFen: fenSchema,
  /** Everything ever paid out (fees not included). */
  withdrawnTotalFen: fenSchema,
  /** Everything ever credited as referral rebates. */
  rebateTotalFen: fenSchema,
});
export type CashAccount = z.infer<typeof cashAccount>;

// ---------------------------------------------------------------------------------------------
// Withdrawal channels (GET /api/cash/getAlleywayList)

export const withdrawalChannel = z.object({
  channel: payeeChannelSchema,
  key: z.string(),
  name: z.string(),
  color: z.string(),
  minFen: fenSchema,
  maxFen: fenSchema,
  feeBp: z.number().int(),
  feeMinFen: fenSchema,
  enabled: z.boolean(),
  /** Paid by the provider without a person; false: finance pays it (bank cards). */
  autoPayout: z.boolean(),
  /** What the user must do before this channel can be used (WeChat: open the mini-program once to link it); null when nothing. */
  notice: z.string().nullable().optional(),
});
export type WithdrawalChannel = z.infer<typeof withdrawalChannel>;
export const withdrawalChannelList = z.object({ list: z.array(withdrawalChannel) });

// ---------------------------------------------------------------------------------------------
// Withdrawals (POST /api/cash/extract, GET /api/cash/records, GET /api/cash/recordsTotal)

export const cashIdempotencyKeyField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, dash or underscore');

export const extractBody = z.object({
  /** What the payee receives; the fee is taken from the balance on top of it. */
  amountFen: positiveFenSchema,
  channel: payeeChannelSchema,
  payeeId: positiveId,
  /** The client makes one per attempt and resends it on retry; a repeat returns the first result. */
  idempotencyKey: cashIdempotencyKeyField,
});
export type ExtractBody = z.infer<typeof extractBody>;

export const withdrawalRecord = z.object({
  id,
  orderNo: z.string(),
  amountFen: fenSchema,
  feeFen: fenSchema,
  channel: payeeChannelSchema,
  payeeName: z.string().describe('masked'),
  payeeAccount: z.string().describe('masked'),
  status: withdrawalStatusSchema,
  /** Status 0 or 3 and not yet approved by finance: the user is told it is under review, not just unpaid. */
  awaitingApproval: z.boolean(),
  failReason: z.string().nullable(),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
  /** Only while status is 6: what WeChat's in-app "confirm receipt" call needs. */
  confirm: z.object({ appId: z.string(), mchId: z.string(), packageInfo: z.string() }).nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;
export const extractData = z.object({ withdrawal: withdrawalRecord });

export const withdrawalRecordsQuery = z.object({
  status: queryCodeSchema(withdrawalStatusFilterSchema).default(FILTER_ALL),
  ...pageFields(),
});

export const withdrawalTotals = z.object({
  /** Paid out (statuses 1 and 4). */
  paidFen: fenSchema,
  paidCount: z.number().int(),
  /** Not finished yet (statuses 0, 3, 5, 6). */
  pendingFen: fenSchema,
  pendingCount: z.number().int(),
});
export type WithdrawalTotals = z.infer<typeof withdrawalTotals>;
/** The page and the user's totals, read at one moment: a summary above the list never contradicts it. */
export const withdrawalRecords = z.object({ list: z.array(withdrawalRecord), total: z.number().int(), totals: withdrawalTotals });
