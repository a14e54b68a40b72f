export { default as adminOperatorRoutes } from './adminRoutes';
export { operatorApprovalExecutors } from './approvalExecutors';
export { registerAdminGuard } from './guardRoutes';
export { countAdmins, findAdminByUsername, insertAdminSession } from './repo';
export { ADMIN_SESSION_TTL_MS, adminLogin, adminTokenHash, ensureFirstAdmin } from './service';
export {
  completeOperatorSetup,
  createOperatorAccount,
  refuseVouchedDecider,
  resetOperatorPassword,
  terminalAction,
  type IssuedSetup,
} from './accountService';
