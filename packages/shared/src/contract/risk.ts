import { payoutLimits, riskFlagList } from '../api/approvals';
import { withSchemas } from './call';
import { riskCalls } from './calls/risk';

export const riskContract = withSchemas(riskCalls, {
  payoutLimits: { answer: payoutLimits },
  savePayoutLimits: { body: payoutLimits, answer: payoutLimits },
  flags: { answer: riskFlagList },
});
