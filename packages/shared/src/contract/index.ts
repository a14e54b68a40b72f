import { approvalContract } from './approvals';
import { catalogueContract } from './catalogue';
import { contentContract } from './content';
import { feedbackContract } from './feedback';
import { operatorContract } from './operators';
import { referralContract } from './referrals';
import { uploadContract } from './upload';

export * from './call';
export * from './calls';
export { approvalContract, catalogueContract, contentContract, feedbackContract, operatorContract, referralContract, uploadContract };

/** Every call with its schemas, by the server's module nouns. */
export const contract = {
  approvals: approvalContract,
  catalogue: catalogueContract,
  content: contentContract,
  feedback: feedbackContract,
  operators: operatorContract,
  referrals: referralContract,
  upload: uploadContract,
} as const;
