/**
 * Which carrier-tracking service follows mailed cards; the contract it keeps is in contract.ts.
 * Only the simulator is built in: a real tracking API adapter goes beside it and is chosen here.
 */
import { createSimLogistics } from './sim';
import type { LogisticsProvider } from './contract';

export * from './contract';

export const createLogisticsProvider = (): LogisticsProvider => createSimLogistics();
