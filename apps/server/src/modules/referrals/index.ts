export { default as adminReferralRoutes } from './adminRoutes';
export { creditRebateForCard, rebatesFor } from './rebateService';
export { referrersOf } from './repo';
export { default as referralRoutes } from './routes';
export { readReferralSettings } from './settingsService';
