/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { accountCalls } from './accounts';
import { cardCalls } from './cards';
import { catalogueCalls } from './catalogue';
import { feedbackCalls } from './feedback';
import { identityCalls } from './identity';
import { payeeCalls } from './payees';
import { referralCalls } from './referrals';
import { riskCalls } from './risk';
import { userCalls } from './users';
import { withdrawalCalls } from './withdrawals';

export {
  accountCalls,
  cardCalls,
  catalogueCalls,
  feedbackCalls,
  identityCalls,
  payeeCalls,
  referralCalls,
  riskCalls,
  userCalls,
  withdrawalCalls,
};

export const calls = {
  accounts: accountCalls,
  cards: cardCalls,
  catalogue: catalogueCalls,
  feedback: feedbackCalls,
  identity: identityCalls,
  payees: payeeCalls,
  referrals: referralCalls,
  risk: riskCalls,
  users: userCalls,
  withdrawals: withdrawalCalls,
} as const;
