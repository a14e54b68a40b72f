export { default as adminApprovalRoutes } from './approvalRoutes';
export { default as adminDashboardRoutes } from './dashboard';
export { default as adminExportRoutes } from './export';
export { registerAdminGuard } from './guard';
export { countAdmins, findAdminByUsername, insertAdminSession } from './repo';
export { default as operatorRoutes } from './routes';
export { ADMIN_SESSION_TTL_MS, adminLogin, adminTokenHash, ensureFirstAdmin } from './service';
export { completeOperatorSetup, createOperatorAccount, resetOperatorPassword, terminalAction, type IssuedSetup } from './accounts';
export { default as adminUserRoutes } from './users';
