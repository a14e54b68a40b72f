import { catalogueContract } from './catalogue';
import { feedbackContract } from './feedback';
import { referralContract } from './referrals';

export * from './call';
export * from './calls';
export { catalogueContract, feedbackContract, referralContract };

/** Every call with its schemas, by the server's module nouns. */
export const contract = { catalogue: catalogueContract, feedback: feedbackContract, referrals: referralContract } as const;
