/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { cardCalls } from './cards';
import { catalogueCalls } from './catalogue';
import { feedbackCalls } from './feedback';
import { referralCalls } from './referrals';
import { riskCalls } from './risk';
import { userCalls } from './users';
import { withdrawalCalls } from './withdrawals';

export { cardCalls, catalogueCalls, feedbackCalls, referralCalls, riskCalls, userCalls, withdrawalCalls };

export const calls = {
  cards: cardCalls,
  catalogue: catalogueCalls,
  feedback: feedbackCalls,
  referrals: referralCalls,
  risk: riskCalls,
  users: userCalls,
  withdrawals: withdrawalCalls,
} as const;
