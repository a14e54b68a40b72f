import { Code } from '../codes';
import {
  adminRebateList,
  adminRebateQuery,
  adminReferralList,
  adminReferralQuery,
  levelUserList,
  levelUsersQuery,
  rebateRateBody,
  rebateRateData,
  shareDetailList,
  shareDetailsQuery,
  shareInfo,
} from '../api/referrals';
import { withSchemas } from './call';
import { referralCalls } from './calls/referrals';

export const referralContract = withSchemas(referralCalls, {
  info: { answer: shareInfo, codes: [Code.NotFound] },
  levelUsers: { query: levelUsersQuery, answer: levelUserList },
  details: { query: shareDetailsQuery, answer: shareDetailList },
  adminReferrals: { query: adminReferralQuery, answer: adminReferralList },
  adminRebates: { query: adminRebateQuery, answer: adminRebateList },
  setRebateRate: { body: rebateRateBody, answer: rebateRateData },
});
