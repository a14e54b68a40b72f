/** What a second reviewer's approval of a recorded pass carries out (modules/approvals/adminService.ts). */
import type { CardApprovalKind } from '@maika/shared';
import { notFound } from '../../http/envelope';
import type { ApprovalExecutor, ApprovalExecutors } from '../approvals';
import type { CardPassPayload } from './gateService';
import { findCardForUpdate } from './repo';
import { passApprovedCard } from './adminService';

const passCard: ApprovalExecutor = {
  // The card before the request, in the same order as a reviewer passing the card directly.
  lockTarget: async (tx, cardId) => {
    await findCardForUpdate(tx, cardId);
  },
  carryOut: async (deps, tx, request) => {
    const card = await findCardForUpdate(tx, request.targetId);
    if (!card) throw notFound('thing.card');
    await passApprovedCard(deps, tx, card, request);
    return null;
  },
  describe: (request) => {
    const pass = request.payload as CardPassPayload;
    return {
      settlementRateBp: pass.settlementRateBp ?? null,
      actualFaceValueFen: pass.actualFaceValueFen,
      reason: pass.appealReply ?? null,
    };
  },
};

export const cardApprovalExecutors: ApprovalExecutors<CardApprovalKind> = { 'card.approve': passCard, 'card.appeal': passCard };
