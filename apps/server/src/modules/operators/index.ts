export { default as adminOperatorRoutes } from './adminRoutes';
export { default as adminApprovalRoutes } from './approvalAdminRoutes';
export { registerAdminGuard } from './guard';
export { countAdmins, findAdminByUsername, insertAdminSession } from './repo';
export { ADMIN_SESSION_TTL_MS, adminLogin, adminTokenHash, ensureFirstAdmin, generatePassword, toSetup } from './service';
export {
  completeOperatorSetup,
  createOperatorAccount,
  resetOperatorPassword,
  terminalAction,
  type AccountChange,
  type IssuedSetup,
} from './accountService';
