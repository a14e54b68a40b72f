export { default as adminApprovalRoutes } from './approvalRoutes';
export { default as adminDashboardRoutes } from './dashboard';
export { default as adminExportRoutes } from './export';
export { registerAdminGuard } from './guard';
export { findAdminByUsername, insertAdminSession } from './repo';
export { default as operatorRoutes } from './routes';
export { ADMIN_SESSION_TTL_MS, adminLogin, adminTokenHash, changeAdmin, createAdmin, ensureFirstAdmin, generatePassword } from './service';
export { default as adminUserRoutes } from './users';
