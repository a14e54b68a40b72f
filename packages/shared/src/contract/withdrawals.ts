import { Code } from '../codes';
import { idParams } from '../api/admin';
import { adminChannelBody, adminChannelParams } from '../api/adminConsole';
import {
  cashAccount,
  extractBody,
  extractData,
  withdrawalChannel,
  withdrawalChannelList,
  withdrawalRecords,
  withdrawalRecordsQuery,
  withdrawalTotals,
} from '../api/withdrawals';
import {
  adminAdjustBody,
  adminAdjustData,
  adminReasonBody,
  adminWithdrawalDetail,
  adminWithdrawalList,
  adminWithdrawalQuery,
  ledgerCheckReport,
  ledgerEntryList,
  ledgerEntryQuery,
} from '../api/withdrawalsAdmin';
import { withSchemas } from './call';
import { withdrawalCalls } from './calls/withdrawals';

/** Finance's decisions on a withdrawal share one service step (its row lock, approvals, the payer's status). */
const withdrawalDecisionCodes = [
  Code.IdempotencyKeyReused,
  Code.InsufficientBalance,
  Code.NotFound,
  Code.SecondApproverRequired,
  Code.WithdrawalNotApproved,
  Code.WithdrawalPayerFrozen,
  Code.WithdrawalStateConflict,
] as const;
/** Paying by hand is also refused on a channel that pays automatically. */
const offlineDecisionCodes = [...withdrawalDecisionCodes, Code.WithdrawalPaidAutomatically] as const;

export const withdrawalContract = withSchemas(withdrawalCalls, {
  account: { answer: cashAccount },
  channels: { answer: withdrawalChannelList, codes: [Code.WechatNotLinked] },
  extract: {
    body: extractBody,
    answer: extractData,
    codes: [
      Code.IdempotencyKeyReused,
      Code.InsufficientBalance,
      Code.NotFound,
      Code.PayeeChannelMismatch,
      Code.RealNameRequired,
      Code.WechatNotLinked,
      Code.WithdrawalAboveMaximum,
      Code.WithdrawalAlreadyOpen,
      Code.WithdrawalBelowMinimum,
      Code.WithdrawalChannelDisabled,
    ],
  },
  records: { query: withdrawalRecordsQuery, answer: withdrawalRecords },
  recordsTotal: { answer: withdrawalTotals },
  adminList: { query: adminWithdrawalQuery, answer: adminWithdrawalList },
  adminDetail: { params: idParams, answer: adminWithdrawalDetail, codes: [Code.NotFound] },
  approve: {
    params: idParams,
    answer: adminWithdrawalDetail,
    codes: withdrawalDecisionCodes,
  },
  reject: {
    params: idParams,
    body: adminReasonBody,
    answer: adminWithdrawalDetail,
    codes: withdrawalDecisionCodes,
  },
  offlinePaid: {
    params: idParams,
    answer: adminWithdrawalDetail,
    codes: offlineDecisionCodes,
  },
  offlineFailed: {
    params: idParams,
    body: adminReasonBody,
    answer: adminWithdrawalDetail,
    codes: offlineDecisionCodes,
  },
  retry: {
    params: idParams,
    answer: adminWithdrawalDetail,
    codes: withdrawalDecisionCodes,
  },
  adjust: {
    params: idParams,
    body: adminAdjustBody,
    answer: adminAdjustData,
    codes: [Code.AdjustmentAccountCancelled, Code.AdjustmentExceedsBalance, Code.IdempotencyKeyReused, Code.NotFound],
  },
  ledger: { params: idParams, query: ledgerEntryQuery, answer: ledgerEntryList },
  ledgerCheck: { answer: ledgerCheckReport },
  adminChannels: { answer: withdrawalChannelList },
  updateChannel: { params: adminChannelParams, body: adminChannelBody, answer: withdrawalChannel, codes: [Code.NotFound] },
});
