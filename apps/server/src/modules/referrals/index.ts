export { default as adminReferralRoutes } from './adminRoutes';
export { creditRebateForCard } from './rebateService';
export { findReferrerOf } from './repo';
export { default as referralRoutes } from './routes';
export { readReferralSettings } from './settingsService';
