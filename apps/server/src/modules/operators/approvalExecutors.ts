/** What a second administrator's approval of an operator change carries out (modules/approvals/adminService.ts). */
import type { OperatorApprovalKind } from '@maika/shared';
import type { ApprovalExecutor, ApprovalExecutors } from '../approvals';
import { carryOutOperatorRequest, operatorRequestSummary } from './accountService';

const changeAccount: ApprovalExecutor = {
  carryOut: carryOutOperatorRequest,
  describe: (request) => ({ operator: operatorRequestSummary(request) }),
};

export const operatorApprovalExecutors: ApprovalExecutors<OperatorApprovalKind> = {
  'admin.create': changeAccount,
  'admin.role': changeAccount,
  'admin.resetPassword': changeAccount,
  'admin.resetTwoFactor': changeAccount,
  'admin.disable': changeAccount,
};
