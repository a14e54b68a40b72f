/**
 * Balance, payee accounts, withdrawal channels and withdrawals: the calls behind the withdraw,
 * withdrawRecord and withdrawInfo pages. Amounts are integer fen, rates basis points.
 */
import { z } from 'zod';
import { bankByCodeOf, isBankCardNumber, normalizeBankCardNumber } from '../banks';
import { FILTER_ALL, PayeeChannel } from '../enums';
import { payeeChannelSchema, queryCodeSchema, withdrawalStatusFilterSchema, withdrawalStatusSchema } from '../enumSchemas';
import { fenSchema, positiveFenSchema } from '../money';
import { normalizePhone, PHONE_PATTERN } from '../phone';
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
// Banks (GET /api/user/getOpenBank)

export const openBankList = z.object({ list: z.array(z.object({ code: z.string(), name: z.string() })) });

// ---------------------------------------------------------------------------------------------
// Payees (GET /api/user/getPayeeList, POST /api/user/savePayee, POST /api/user/deletePayee)

export const payee = z.object({
  id,
  channel: payeeChannelSchema,
  /** The verified real name, masked ('*三'). */
  name: z.string(),
  /** Masked account ('138****5678', 'a***@qq.com', '************7890'). */
  account: z.string(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  createdAt: isoTime,
});
export type Payee = z.infer<typeof payee>;
export const payeeList = z.object({ list: z.array(payee) });

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/u;
export const PAYEE_BRANCH_MAX = 40;

/** The form in which an account is stored and compared: what the user typed, cleaned. */
export function normalizePayeeAccount(channel: PayeeChannel, account: string): string {
  const s = account.normalize('NFKC').trim();
  if (channel === PayeeChannel.Bank) return normalizeBankCardNumber(s);
  if (channel === PayeeChannel.Alipay) {
    const phone = normalizePhone(s);
    return PHONE_PATTERN.test(phone) ? phone : s;
  }
  return s;
}

/** What is wrong with a payee account for its channel, as a schema reason, or null. */
export function payeeAccountProblem(channel: PayeeChannel, account: string): string | null {
  const s = normalizePayeeAccount(channel, account);
  switch (channel) {
    case PayeeChannel.Alipay:
      return PHONE_PATTERN.test(s) || (s.length <= 100 && EMAIL_PATTERN.test(s))
        ? null
        : 'must be the phone number or e-mail address of an Alipay account';
    case PayeeChannel.WeChat:
      return null; // WeChat Pay pays the openid linked by mini-program login: nothing typed is used
    case PayeeChannel.Bank:
      return isBankCardNumber(s) ? null : 'must be a bank card number of 12 to 19 digits; check it digit by digit';
  }
}

export const savePayeeBody = z
  .object({
    /** The payee to change; without it the user's payee of this channel is created or replaced. */
    id: positiveId.optional(),
    channel: payeeChannelSchema,
    /** Alipay phone or e-mail, bank card number. None for WeChat: it pays the openid linked by mini-program login. */
    account: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    /** Required for bank cards, a code from /api/user/getOpenBank. */
    bankCode: z.string().trim().max(16, 'must be a bank code from the bank list').optional(),
    branch: z.string().trim().max(PAYEE_BRANCH_MAX, 'must be at most 40 characters').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.channel !== PayeeChannel.WeChat) {
      const problem = body.account ? payeeAccountProblem(body.channel, body.account) : 'must not be empty';
      if (problem) ctx.addIssue({ code: 'custom', path: ['account'], message: problem });
    }
    if (body.channel === PayeeChannel.Bank && !(body.bankCode && bankByCodeOf(body.bankCode))) {
      ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'must be a bank code from the bank list' });
    }
  });
export type SavePayeeBody = z.infer<typeof savePayeeBody>;
export const savePayeeData = z.object({ payee });
export const deletePayeeBody = z.object({ id: positiveId });
export const deletePayeeData = z.object({});

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
