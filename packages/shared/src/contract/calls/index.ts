/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { accountCalls } from './accounts';
import { approvalCalls } from './approvals';
import { cardCalls } from './cards';
import { catalogueCalls } from './catalogue';
import { contentCalls } from './content';
import { feedbackCalls } from './feedback';
import { merchantCalls } from './merchants';
import { messageCalls } from './messages';
import { identityCalls } from './identity';
import { operatorCalls } from './operators';
import { payeeCalls } from './payees';
import { referralCalls } from './referrals';
import { riskCalls } from './risk';
import { uploadCalls } from './upload';
import { userCalls } from './users';
import { withdrawalCalls } from './withdrawals';

export {
  accountCalls,
  approvalCalls,
  cardCalls,
  catalogueCalls,
  contentCalls,
  feedbackCalls,
  identityCalls,
  merchantCalls,
  messageCalls,
  operatorCalls,
  payeeCalls,
  referralCalls,
  riskCalls,
  uploadCalls,
  userCalls,
  withdrawalCalls,
};

export const calls = {
  accounts: accountCalls,
  approvals: approvalCalls,
  cards: cardCalls,
  catalogue: catalogueCalls,
  content: contentCalls,
  feedback: feedbackCalls,
  identity: identityCalls,
  merchants: merchantCalls,
  messages: messageCalls,
  operators: operatorCalls,
  payees: payeeCalls,
  referrals: referralCalls,
  risk: riskCalls,
  upload: uploadCalls,
  users: userCalls,
  withdrawals: withdrawalCalls,
} as const;
