/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { catalogueCalls } from './catalogue';
import { feedbackCalls } from './feedback';
import { referralCalls } from './referrals';

export { catalogueCalls, feedbackCalls, referralCalls };

export const calls = { catalogue: catalogueCalls, feedback: feedbackCalls, referrals: referralCalls } as const;
