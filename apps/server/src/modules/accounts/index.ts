export { default as adminUserRoutes } from './adminRoutes';
export { adminUserFilter, toAdminUser } from './adminService';
export { insertToken, revokeUserTokens } from './authRepo';
export { default as authRoutes } from './authRoutes';
export { findSessionByToken } from './authService';
export { userColumns } from './exportColumns';
export { miniProgramLogin } from './miniProgramService';
export {
  anonymiseUser,
  countReferees,
  eraseUserData,
  findUserById,
  findUserByPhone,
  listAdminUsers,
  lockUser,
  setUserStatus,
  type AdminUserFilter,
} from './repo';
export { default as userRoutes } from './routes';
export { findOrCreateUserByPhone, getUser, realInfoOf, toUserInfo } from './service';
export { tokenHash } from './tokens';
