/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { approvalCalls } from './approvals';
import { catalogueCalls } from './catalogue';
import { contentCalls } from './content';
import { feedbackCalls } from './feedback';
import { operatorCalls } from './operators';
import { referralCalls } from './referrals';
import { uploadCalls } from './upload';

export { approvalCalls, catalogueCalls, contentCalls, feedbackCalls, operatorCalls, referralCalls, uploadCalls };

export const calls = {
  approvals: approvalCalls,
  catalogue: catalogueCalls,
  content: contentCalls,
  feedback: feedbackCalls,
  operators: operatorCalls,
  referrals: referralCalls,
  upload: uploadCalls,
} as const;
