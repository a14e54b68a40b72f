import { catalogueContract } from './catalogue';
import { feedbackContract } from './feedback';

export * from './call';
export * from './calls';
export { catalogueContract, feedbackContract };

/** Every call with its schemas, by the server's module nouns. */
export const contract = { catalogue: catalogueContract, feedback: feedbackContract } as const;
