export { default as adminReferralRoutes } from './adminRoutes';
export { creditRebateForCard } from './rebateService';
export { default as referralRoutes } from './routes';
export { readReferralSettings } from './settingsService';
