import { accountContract } from './accounts';
import { catalogueContract } from './catalogue';
import { feedbackContract } from './feedback';
import { identityContract } from './identity';
import { payeeContract } from './payees';
import { referralContract } from './referrals';

export * from './call';
export * from './calls';
export { accountContract, catalogueContract, feedbackContract, identityContract, payeeContract, referralContract };

/** Every call with its schemas, by the server's module nouns. */
export const contract = {
  accounts: accountContract,
  catalogue: catalogueContract,
  feedback: feedbackContract,
  identity: identityContract,
  payees: payeeContract,
  referrals: referralContract,
} as const;
