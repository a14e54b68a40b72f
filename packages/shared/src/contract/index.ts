import { accountContract } from './accounts';
import { cardContract } from './cards';
import { catalogueContract } from './catalogue';
import { feedbackContract } from './feedback';
import { identityContract } from './identity';
import { payeeContract } from './payees';
import { referralContract } from './referrals';
import { riskContract } from './risk';
import { userContract } from './users';
import { withdrawalContract } from './withdrawals';

export * from './call';
export * from './calls';
export {
  accountContract,
  cardContract,
  catalogueContract,
  feedbackContract,
  identityContract,
  payeeContract,
  referralContract,
  riskContract,
  userContract,
  withdrawalContract,
};

/** Every call with its schemas, by the server's module nouns. */
export const contract = {
  accounts: accountContract,
  cards: cardContract,
  catalogue: catalogueContract,
  feedback: feedbackContract,
  identity: identityContract,
  payees: payeeContract,
  referrals: referralContract,
  risk: riskContract,
  users: userContract,
  withdrawals: withdrawalContract,
} as const;
