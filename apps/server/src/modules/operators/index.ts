export { default as adminOperatorRoutes } from './adminRoutes';
export { default as adminApprovalRoutes } from './approvalAdminRoutes';
export { registerAdminGuard } from './guardRoutes';
export { countAdmins, findAdminByUsername, insertAdminSession } from './repo';
export { ADMIN_SESSION_TTL_MS, adminLogin, adminTokenHash, ensureFirstAdmin } from './service';
export { completeOperatorSetup, createOperatorAccount, resetOperatorPassword, terminalAction, type IssuedSetup } from './accountService';
