import {
  adminAppealDecideBody,
  adminApproveBody,
  adminBulkApproveBody,
  adminBulkRejectBody,
  adminBulkResult,
  adminCard,
  adminCardList,
  adminCardQuery,
  adminCardReasonBody,
  adminCardSecret,
  adminOptionalReasonBody,
  adminRevealBody,
  CardStatus,
  idParams,
  renderText,
  rolesFor,
} from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import type { FastifyRequest } from 'fastify';
import { envelope, localeOf, ok, sayIn } from '../../http/envelope';
import { auditOf, type AdminAction } from '../audit';
import type { Verdict } from './settle';
import {
  decideAppeal,
  freezeSettlement,
  getAdminCard,
  listCardsForReview,
  revealCard,
  reviewCard,
  reviewMany,
  unfreezeSettlement,
  type ReviewAction,
  type ReviewOutcome,
  type Skipped,
} from './review';

const tags = ['Admin cards'];
const security = [{ admin: [] }];
const roles: readonly AdminRole[] = rolesFor('cards', 'approve');

/** A batch's skipped cards say why in the operator's language. */
function batchResult(request: FastifyRequest, result: { done: number[]; skipped: Skipped[] }) {
  const locale = localeOf(request);
  return ok({ done: result.done, skipped: result.skipped.map((s) => ({ id: s.id, reason: sayIn(s.reason, locale) })) });
}

/** Card review: reviewers and administrators. Every write is audited by the admin guard. */
export default async function adminCardRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/cards', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Cards by status, card type, user phone and date; numbers masked',
      querystring: adminCardQuery,
      response: { 200: envelope(adminCardList) },
    },
    handler: async (request) => ok(await listCardsForReview(deps, request.query)),
  });

  app.get('/api/admin/cards/:id', {
    config: { roles },
    schema: { tags, security, summary: 'One card', params: idParams, response: { 200: envelope(adminCard) } },
    handler: async (request) => ok(await getAdminCard(deps, request.params.id)),
  });

  app.get('/api/admin/appeals', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Cards under appeal, newest first',
      querystring: adminCardQuery.omit({ status: true }),
      response: { 200: envelope(adminCardList) },
    },
    handler: async (request) => ok(await listCardsForReview(deps, { ...request.query, status: CardStatus.UnderAppeal })),
  });

  app.post('/api/admin/cards/:id/reveal', {
    config: { roles, audit: 'card.reveal' },
    schema: {
      tags,
      security,
      summary:
        'The full card number and password of a card awaiting a human decision (abnormal, not activated, under appeal), with a typed reason; limited per operator and hour; audited',
      params: idParams,
      body: adminRevealBody,
      response: { 200: envelope(adminCardSecret) },
    },
    handler: async (request) => {
      return ok(
        await revealCard(
          deps,
          request.params.id,
          request.admin!.id,
          request.body.reason,
          auditOf(request, { type: 'card', id: request.params.id }),
        ),
      );
    },
  });

  /** A pass recorded for a second reviewer answers the card as it is, with a message saying so. */
  const answer = async (request: FastifyRequest, id: number, outcome: ReviewOutcome) =>
    ok(await getAdminCard(deps, id), outcome ? renderText({ key: 'card.secondApprovalRequested' }, localeOf(request)) : 'OK');

  const decision = <B extends z.ZodType>(
    path: string,
    action: ReviewAction,
    summary: string,
    body: B,
    verdictOf: (body: z.infer<B>) => Verdict,
  ) => {
    app.post(`/api/admin/cards/:id/${path}`, {
      config: { roles, audit: `card.${path}` },
      schema: { tags, security, summary, params: idParams, body, response: { 200: envelope(adminCard) } },
      handler: async (request) => {
        return answer(
          request,
          request.params.id,
          await reviewCard(
            deps,
            request.params.id,
            verdictOf(request.body as z.infer<B>),
            action,
            request.admin!.id,
            auditOf(request, { type: 'card', id: request.params.id }),
          ),
        );
      },
    });
  };
  decision('approve', 'approve', 'Pass the card (at the actual face value when given); its credit is queued', adminApproveBody, (b) => ({
    status: CardStatus.Passed,
    actualFaceValueFen: b.actualFaceValueFen,
  }));
  decision('reject', 'reject', 'Reject the card with a reason the user sees', adminCardReasonBody, (b) => ({
    status: CardStatus.Rejected,
    reason: b.reason,
  }));
  decision('notActivated', 'notActivated', 'The card is not activated yet', adminOptionalReasonBody, (b) => ({
    status: CardStatus.NotActivated,
    reason: b.reason ?? null,
  }));
  decision('abnormal', 'abnormal', 'The card is abnormal (the user may appeal)', adminCardReasonBody, (b) => ({
    status: CardStatus.Abnormal,
    reason: b.reason,
  }));

  const settlement = (path: 'freeze' | 'unfreeze', run: (id: number, audit?: AdminAction) => Promise<void>, summary: string) => {
    app.post(`/api/admin/cards/:id/${path}`, {
      config: { roles, audit: `card.${path}` },
      schema: { tags, security, summary, params: idParams, response: { 200: envelope(adminCard) } },
      handler: async (request) => {
        await run(request.params.id, auditOf(request, { type: 'card', id: request.params.id }));
        return ok(await getAdminCard(deps, request.params.id));
      },
    });
  };
  settlement('freeze', (id, audit) => freezeSettlement(deps, id, audit), 'Hold money not credited yet (settlement 3)');
  settlement('unfreeze', (id, audit) => unfreezeSettlement(deps, id, audit), 'Release a hold: settlement returns to where it was');

  app.post('/api/admin/cards/bulkApprove', {
    config: { roles, audit: 'card.bulkApprove' },
    schema: {
      tags,
      security,
      summary: 'Pass many cards at their declared face value',
      body: adminBulkApproveBody,
      response: { 200: envelope(adminBulkResult) },
    },
    handler: async (request) =>
      batchResult(
        request,
        await reviewMany(deps, request.body.ids, { status: CardStatus.Passed }, 'approve', request.admin!.id, auditOf(request)),
      ),
  });

  app.post('/api/admin/cards/bulkReject', {
    config: { roles, audit: 'card.bulkReject' },
    schema: {
      tags,
      security,
      summary: 'Reject many cards with one reason',
      body: adminBulkRejectBody,
      response: { 200: envelope(adminBulkResult) },
    },
    handler: async (request) =>
      batchResult(
        request,
        await reviewMany(
          deps,
          request.body.ids,
          { status: CardStatus.Rejected, reason: request.body.reason },
          'reject',
          request.admin!.id,
          auditOf(request),
        ),
      ),
  });

  app.post('/api/admin/appeals/:id/decide', {
    config: { roles, audit: 'card.appealDecide' },
    schema: {
      tags,
      security,
      summary: 'Uphold (the card passes) or dismiss (it returns to rejected or abnormal) with a reply',
      params: idParams,
      body: adminAppealDecideBody,
      response: { 200: envelope(adminCard) },
    },
    handler: async (request) => {
      return answer(
        request,
        request.params.id,
        await decideAppeal(
          deps,
          request.params.id,
          request.body,
          request.admin!.id,
          auditOf(request, { type: 'card', id: request.params.id }),
        ),
      );
    },
  });
}
