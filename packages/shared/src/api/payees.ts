/**
 * Payee accounts and the bank list: the calls behind the withdrawInfo page (contract/payees.ts,
 * served by the server's modules/payees).
 */
import { z } from 'zod';
import { bankByCodeOf, isBankCardNumber, normalizeBankCardNumber } from '../banks';
import { PayeeChannel } from '../enums';
import { payeeChannelSchema } from '../enumSchemas';
import { normalizePhone, PHONE_PATTERN } from '../phone';
import { idSchema as id, positiveIdSchema as positiveId, isoTimeSchema as isoTime } from './common';

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
