export {
  adminName,
  closeSecondApproval,
  countRevealsLastHour,
  faceValuesOfType,
  findAdjustmentByKey,
  findPendingForCard,
  findSecondApproval,
  insertReveal,
  insertSecondApproval,
  listSecondApprovals,
  lockSecondApproval,
  lockSingleApprovalTotals,
  type SecondApprovalRow,
} from './repo';
export { claimSingleApproval } from './service';
