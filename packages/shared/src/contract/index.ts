import { accountContract } from './accounts';
import { approvalContract } from './approvals';
import { cardContract } from './cards';
import { catalogueContract } from './catalogue';
import { contentContract } from './content';
import { feedbackContract } from './feedback';
import { merchantContract } from './merchants';
import { messageContract } from './messages';
import { identityContract } from './identity';
import { operatorContract } from './operators';
import { payeeContract } from './payees';
import { referralContract } from './referrals';
import { riskContract } from './risk';
import { uploadContract } from './upload';
import { userContract } from './users';
import { withdrawalContract } from './withdrawals';

export * from './call';
export * from './calls';
export * from './outcomes';
export {
  accountContract,
  approvalContract,
  cardContract,
  catalogueContract,
  contentContract,
  feedbackContract,
  identityContract,
  merchantContract,
  messageContract,
  operatorContract,
  payeeContract,
  referralContract,
  riskContract,
  uploadContract,
  userContract,
  withdrawalContract,
};

/** Every call with its schemas, by the server's module nouns. */
export const contract = {
  accounts: accountContract,
  approvals: approvalContract,
  cards: cardContract,
  catalogue: catalogueContract,
  content: contentContract,
  feedback: feedbackContract,
  identity: identityContract,
  merchants: merchantContract,
  messages: messageContract,
  operators: operatorContract,
  payees: payeeContract,
  referrals: referralContract,
  risk: riskContract,
  upload: uploadContract,
  users: userContract,
  withdrawals: withdrawalContract,
} as const;
