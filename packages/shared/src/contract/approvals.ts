import { Code } from '../codes';
import { z } from 'zod';
import { idParams } from '../api/admin';
import { adminApproveData, adminDeclineBody, adminSecondApprovalList, adminSecondApprovalQuery } from '../api/approvals';
import { withSchemas } from './call';
import { approvalCalls } from './calls/approvals';

export const approvalContract = withSchemas(approvalCalls, {
  list: { query: adminSecondApprovalQuery, answer: adminSecondApprovalList },
  approve: {
    params: idParams,
    answer: adminApproveData,
    codes: [
      Code.AdjustmentAccountCancelled,
      Code.AdjustmentExceedsBalance,
      Code.AdminLastAdmin,
      Code.AdminUsernameTaken,
      Code.ApprovalAmountChanged,
      Code.ApprovalNotPending,
      Code.ApprovalSameOperator,
      Code.ApprovalVouchedOperator,
      Code.CardStateConflict,
      Code.IdempotencyKeyReused,
      Code.NotFound,
    ],
  },
  decline: { params: idParams, body: adminDeclineBody, answer: z.null(), codes: [Code.ApprovalNotPending, Code.NotFound] },
});
