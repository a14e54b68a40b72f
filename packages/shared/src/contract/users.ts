import { Code } from '../codes';
import { idParams } from '../api/admin';
import { adminFreezeBody, adminUserDetail, adminUserList, adminUserQuery, adminUserStatusData } from '../api/adminConsole';
import { withSchemas } from './call';
import { userCalls } from './calls/users';

export const userContract = withSchemas(userCalls, {
  adminList: { query: adminUserQuery, answer: adminUserList },
  adminDetail: { params: idParams, answer: adminUserDetail, codes: [Code.NotFound] },
  freeze: { params: idParams, body: adminFreezeBody, answer: adminUserStatusData, codes: [Code.NotFound, Code.UserStatusConflict] },
  unfreeze: { params: idParams, answer: adminUserStatusData, codes: [Code.NotFound, Code.UserStatusConflict] },
});
