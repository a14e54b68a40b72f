/** Schema-driven fuzzing (fuzz.ts): this file's share of the routes, beside the other files' shares. */
import { fuzzRoutes, startFuzz } from './fuzz';

const fuzz = await startFuzz();

fuzzRoutes(fuzz, import.meta.url);
