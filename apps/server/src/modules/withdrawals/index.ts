export { default as adminWithdrawalRoutes } from './adminRoutes';
export { adjustBalance, listAdminWithdrawals, postAdjustment } from './adminService';
export { default as adminWithdrawalChannelRoutes } from './channelRoutes';
export { moneyClosureCheck } from './closure';
export { decidePlatformLimit, payoutLimits, savePayoutLimits } from './limits';
export { payoutJobData, processPayout, resumeHeldPayouts } from './payout';
export { listUnfinishedPayouts } from './repo';
export { default as withdrawalRoutes } from './routes';
export { getAccount, type WithdrawalView } from './service';
