/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { accountCalls } from './accounts';
import { catalogueCalls } from './catalogue';
import { feedbackCalls } from './feedback';
import { identityCalls } from './identity';
import { payeeCalls } from './payees';
import { referralCalls } from './referrals';

export { accountCalls, catalogueCalls, feedbackCalls, identityCalls, payeeCalls, referralCalls };

export const calls = {
  accounts: accountCalls,
  catalogue: catalogueCalls,
  feedback: feedbackCalls,
  identity: identityCalls,
  payees: payeeCalls,
  referrals: referralCalls,
} as const;
