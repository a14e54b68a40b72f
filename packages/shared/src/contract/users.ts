import { idParams } from '../api/admin';
import { adminFreezeBody, adminUserDetail, adminUserList, adminUserQuery, adminUserStatusData } from '../api/adminConsole';
import { withSchemas } from './call';
import { userCalls } from './calls/users';

export const userContract = withSchemas(userCalls, {
  adminList: { query: adminUserQuery, answer: adminUserList },
  adminDetail: { params: idParams, answer: adminUserDetail },
  freeze: { params: idParams, body: adminFreezeBody, answer: adminUserStatusData },
  unfreeze: { params: idParams, answer: adminUserStatusData },
});
