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
} from '../api/cash';
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
} from '../api/cashAdmin';
import { withSchemas } from './call';
import { withdrawalCalls } from './calls/withdrawals';

export const withdrawalContract = withSchemas(withdrawalCalls, {
  account: { answer: cashAccount },
  channels: { answer: withdrawalChannelList },
  extract: { body: extractBody, answer: extractData },
  records: { query: withdrawalRecordsQuery, answer: withdrawalRecords },
  recordsTotal: { answer: withdrawalTotals },
  adminList: { query: adminWithdrawalQuery, answer: adminWithdrawalList },
  adminDetail: { params: idParams, answer: adminWithdrawalDetail },
  approve: { params: idParams, answer: adminWithdrawalDetail },
  reject: { params: idParams, body: adminReasonBody, answer: adminWithdrawalDetail },
  offlinePaid: { params: idParams, answer: adminWithdrawalDetail },
  offlineFailed: { params: idParams, body: adminReasonBody, answer: adminWithdrawalDetail },
  retry: { params: idParams, answer: adminWithdrawalDetail },
  adjust: { params: idParams, body: adminAdjustBody, answer: adminAdjustData },
  ledger: { params: idParams, query: ledgerEntryQuery, answer: ledgerEntryList },
  ledgerCheck: { answer: ledgerCheckReport },
  adminChannels: { answer: withdrawalChannelList },
  updateChannel: { params: adminChannelParams, body: adminChannelBody, answer: withdrawalChannel },
});
