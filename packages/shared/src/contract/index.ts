import { cardContract } from './cards';
import { catalogueContract } from './catalogue';
import { feedbackContract } from './feedback';
import { referralContract } from './referrals';
import { riskContract } from './risk';
import { userContract } from './users';
import { withdrawalContract } from './withdrawals';

export * from './call';
export * from './calls';
export { cardContract, catalogueContract, feedbackContract, referralContract, riskContract, userContract, withdrawalContract };

/** Every call with its schemas, by the server's module nouns. */
export const contract = {
  cards: cardContract,
  catalogue: catalogueContract,
  feedback: feedbackContract,
  referrals: referralContract,
  risk: riskContract,
  users: userContract,
  withdrawals: withdrawalContract,
} as const;
