export { default as adminApprovalRoutes } from './adminRoutes';
export type { ApprovalExecutor, ApprovalExecutors, ApprovalOwners } from './adminService';
export {
  adminName,
  closeSecondApproval,
  countRevealsLastHour,
  faceValuesOfType,
  findAdjustmentByKey,
  findPendingForCard,
  insertReveal,
  insertSecondApproval,
  lockSingleApprovalTotals,
  type SecondApprovalRow,
} from './repo';
export { claimSingleApproval } from './service';
