/**
 * A payout channel moves money from the platform to a user's Alipay, WeChat or bank account.
 * The withdrawal id is the transfer's out_biz_no everywhere, so a retried call can never pay
 * twice: every vendor deduplicates on it, and `query` finds out what an unanswered call did.
 */
import type { PayeeChannelKey, TextRef } from '@maika/shared';

export interface PayoutRequest {
  /** Our withdrawal's number, unique for ever: the vendor's idempotency key (out_biz_no / out_bill_no). */
  outBizNo: string;
  amountFen: number;
  channel: PayeeChannelKey;
  payee: {
    /** Alipay login id, bank card number, or the WeChat openid of the user under our app id. */
    account: string;
    /** The verified real name; vendors check it against the account. */
    name: string;
    bankCode?: string;
    bankName?: string;
    branch?: string;
  };
  /** Shown to the payee by the vendor. */
  remark: string;
}

export type PayoutResult =
  | { outcome: 'paid'; providerRef: string; paidAt: Date }
  /** `reason` is for operators and logs; `payeeReason`, when the vendor said why, is for the payee. */
  | { outcome: 'failed'; reason: string; providerRef?: string; payeeReason?: TextRef }
  /** Accepted but not final: ask again with `query`. */
  | { outcome: 'processing'; providerRef?: string }
  /** WeChat transfer bills: the user must confirm receipt in WeChat before `expiresAt`. */
  | { outcome: 'awaitingConfirmation'; providerRef: string; packageInfo: string; expiresAt: Date }
  /** No answer (time-out, network, 5xx): the transfer may or may not exist; `query` before anything else. */
  | { outcome: 'unknown'; error: string };

export type PayoutQueryResult = PayoutResult | { outcome: 'notFound' };

export interface PayoutProvider {
  readonly name: string;
  /** Never throws for a vendor's answer: every outcome is a value. */
  transfer(request: PayoutRequest): Promise<PayoutResult>;
  /**
   * Never throws either. A WeChat bill waiting for the payee answers `processing` here, because
   * WeChat's query carries no package: `transfer` again with the same request returns it.
   */
  query(outBizNo: string): Promise<PayoutQueryResult>;
  /** Withdraws a transfer the payee has not confirmed yet (WeChat transfer bills); answers its state afterwards. */
  cancel?(outBizNo: string): Promise<PayoutQueryResult>;
}
