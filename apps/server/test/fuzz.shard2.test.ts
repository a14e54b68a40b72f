/** Schema-driven fuzzing (fuzz.ts): the second share of the routes, fuzzed beside fuzz.test.ts's share on the other thread. */
import { fuzzRoutes, startFuzz } from './fuzz';

const fuzz = await startFuzz();

fuzzRoutes(fuzz, import.meta.url);
