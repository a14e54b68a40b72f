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
  type SecondApprovalRow,
} from './repo';
export { claimSingleApproval, lockSingleApprovals, type SingleApprovalCredit } from './service';
