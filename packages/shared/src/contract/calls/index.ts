/** Every call as plain data, by the server's module nouns; safe for a client's first chunk. */
import { catalogueCalls } from './catalogue';
import { feedbackCalls } from './feedback';

export { catalogueCalls, feedbackCalls };

export const calls = { catalogue: catalogueCalls, feedback: feedbackCalls } as const;
