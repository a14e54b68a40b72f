import { CardStatus, contract, renderText } from '@maika/shared';
import type { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import type { FastifyRequest } from 'fastify';
import { route } from '../../http/contractRoute';
import { localeOf, ok, sayIn } from '../../http/envelope';
import { auditOf, type AdminAction } from '../audit';
import type { Verdict } from './settleService';
import { cardIn } from './view';
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
} from './adminService';

const tags = ['Admin cards'];
const calls = contract.cards;
type DecisionPath = 'approve' | 'reject' | 'notActivated' | 'abnormal';
type DecisionBody<P extends DecisionPath> = z.infer<(typeof calls)[P]['body']>;

/** A batch's skipped cards say why in the operator's language. */
function batchResult(request: FastifyRequest, result: { done: number[]; skipped: Skipped[] }) {
  const locale = localeOf(request);
  return ok({ done: result.done, skipped: result.skipped.map((s) => ({ id: s.id, reason: sayIn(s.reason, locale) })) });
}

/** Card review: reviewers and administrators. Every write is audited by the admin guard. */
export default async function adminCardRoutes(app: AppInstance) {
  const { deps } = app;

  /** One card, its reason in the operator's language. */
  const card = async (request: FastifyRequest, id: number) => cardIn(await getAdminCard(deps, id), localeOf(request));
  const page = (request: FastifyRequest, { list, total }: Awaited<ReturnType<typeof listCardsForReview>>) => {
    const locale = localeOf(request);
    return ok({ list: list.map((c) => cardIn(c, locale)), total });
  };

  route(app, calls.adminList, {
    tags,
    summary: 'Cards by status, card type, user phone and date; numbers masked',
    handler: async (request) => page(request, await listCardsForReview(deps, request.query)),
  });

  route(app, calls.adminDetail, {
    tags,
    summary: 'One card',
    handler: async (request) => ok(await card(request, request.params.id)),
  });

  route(app, calls.appeals, {
    tags,
    summary: 'Cards under appeal, newest first',
    handler: async (request) => page(request, await listCardsForReview(deps, { ...request.query, status: CardStatus.UnderAppeal })),
  });

  route(app, calls.reveal, {
    tags,
    summary:
      'The full card number and password of a card awaiting a human decision (abnormal, not activated, under appeal), with a typed reason; limited per operator and hour; audited',
    audit: 'card.reveal',
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
    ok(await card(request, id), outcome ? renderText({ key: 'card.secondApprovalRequested' }, localeOf(request)) : 'OK');

  const decision = <P extends DecisionPath>(
    path: P,
    action: ReviewAction,
    summary: string,
    verdictOf: (body: DecisionBody<P>) => Verdict,
  ) => {
    route(app, calls[path] as (typeof calls)[DecisionPath], {
      tags,
      summary,
      audit: `card.${path}`,
      handler: async (request) => {
        return answer(
          request,
          request.params.id,
          await reviewCard(
            deps,
            request.params.id,
            verdictOf(request.body as DecisionBody<P>),
            action,
            request.admin!.id,
            auditOf(request, { type: 'card', id: request.params.id }),
          ),
        );
      },
    });
  };
  decision('approve', 'approve', 'Pass the card (at the actual face value when given); its credit is queued', (b) => ({
    status: CardStatus.Passed,
    actualFaceValueFen: b.actualFaceValueFen,
  }));
  decision('reject', 'reject', 'Reject the card with a reason the user sees', (b) => ({
    status: CardStatus.Rejected,
    reason: b.reason,
  }));
  decision('notActivated', 'notActivated', 'The card is not activated yet', (b) => ({
    status: CardStatus.NotActivated,
    reason: b.reason ?? null,
  }));
  decision('abnormal', 'abnormal', 'The card goes to manual review, where a reviewer passes or rejects it', (b) => ({
    status: CardStatus.Abnormal,
    reason: b.reason,
  }));

  const settlement = (path: 'freeze' | 'unfreeze', run: (id: number, audit?: AdminAction) => Promise<void>, summary: string) => {
    route(app, calls[path], {
      tags,
      summary,
      audit: `card.${path}`,
      handler: async (request) => {
        await run(request.params.id, auditOf(request, { type: 'card', id: request.params.id }));
        return ok(await card(request, request.params.id));
      },
    });
  };
  settlement('freeze', (id, audit) => freezeSettlement(deps, id, audit), 'Hold money not credited yet (settlement 3)');
  settlement('unfreeze', (id, audit) => unfreezeSettlement(deps, id, audit), 'Release a hold: settlement returns to where it was');

  route(app, calls.bulkApprove, {
    tags,
    summary: 'Pass many cards at their declared face value',
    audit: 'card.bulkApprove',
    handler: async (request) =>
      batchResult(
        request,
        await reviewMany(deps, request.body.ids, { status: CardStatus.Passed }, 'approve', request.admin!.id, auditOf(request)),
      ),
  });

  route(app, calls.bulkReject, {
    tags,
    summary: 'Reject many cards with one reason',
    audit: 'card.bulkReject',
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

  route(app, calls.decideAppeal, {
    tags,
    summary: 'Uphold (the card passes) or dismiss (it returns to rejected or abnormal) with a reply',
    audit: 'card.appealDecide',
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
