/** What a second finance operator's approval of a recorded adjustment carries out (modules/approvals/adminService.ts). */
import type { ApprovalExecutors } from '../approvals';
import { postAdjustment } from './adminService';

export const adjustmentApprovalExecutors: ApprovalExecutors<'ledger.adjust'> = {
  'ledger.adjust': {
    carryOut: async (_deps, tx, request) => {
      await postAdjustment(tx, request.targetId, request.payload as { amountFen: number; reason: string; idempotencyKey: string });
      return null;
    },
  },
};
