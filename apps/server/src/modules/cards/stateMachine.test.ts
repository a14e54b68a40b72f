import { CardStatus, SettlementStatus, type CardStatus as CardStatusCode, type SettlementStatus as SettlementCode } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import {
  APPEAL_WINDOW_DAYS,
  appealDeadline,
  canAppeal,
  canMoveCard,
  canMoveSettlement,
  notCreditedFinally,
  passedFinally,
  settledFinally,
} from './stateMachine';

const statuses: CardStatusCode[] = [0, 1, 2, 3, 4, 5];
const allowedCard = new Set(['0>1', '0>2', '0>3', '0>5', '3>1', '3>2', '3>5', '5>1', '5>2', '2>4', '4>1', '4>2', '4>5']);

describe('card status transitions', () => {
  for (const from of statuses) {
    for (const to of statuses) {
      const allowed = allowedCard.has(`${from}>${to}`);
      it(`${allowed ? 'allows' : 'forbids'} ${from} → ${to}`, () => {
        expect(canMoveCard(from, to)).toBe(allowed);
      });
    }
  }

  it('keeps a passed card passed', () => {
    expect(statuses.some((to) => canMoveCard(CardStatus.Passed, to))).toBe(false);
  });
});

const settlements: SettlementCode[] = [0, 1, 2, 3];
const allowedSettlement = new Set(['0>1', '0>3', '1>2', '1>3', '3>0', '3>1']);

describe('settlement status transitions', () => {
  for (const from of settlements) {
    for (const to of settlements) {
      const allowed = allowedSettlement.has(`${from}>${to}`);
      it(`${allowed ? 'allows' : 'forbids'} ${from} → ${to}`, () => {
        expect(canMoveSettlement(from, to)).toBe(allowed);
      });
    }
  }

  it('never un-credits', () => {
    expect(settlements.some((to) => canMoveSettlement(SettlementStatus.Credited, to))).toBe(false);
  });
});

describe('canAppeal', () => {
  const decided = { reviewedAt: new Date(), updatedAt: new Date() };

  it('allows rejected cards never appealed', () => {
    expect(canAppeal({ status: CardStatus.Rejected, appealedAt: null, ...decided })).toBe(true);
  });

  it('refuses a second appeal and every other status, a card in manual review included', () => {
    expect(canAppeal({ status: CardStatus.Rejected, appealedAt: new Date(), ...decided })).toBe(false);
    for (const status of [0, 1, 3, 4, 5]) expect(canAppeal({ status, appealedAt: null, ...decided })).toBe(false);
  });

  it('keeps an appeal open for APPEAL_WINDOW_DAYS after the rejection, and says until when', () => {
    const reviewedAt = new Date('2026-03-01T04:00:00Z');
    const card = { status: CardStatus.Rejected, appealedAt: null, reviewedAt, updatedAt: reviewedAt };
    const until = new Date(reviewedAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000);
    expect(appealDeadline(card, new Date(until.getTime() - 1))).toEqual(until);
    expect(canAppeal(card, until)).toBe(false);
    expect(appealDeadline({ ...card, status: CardStatus.Abnormal }, reviewedAt)).toBeNull();
  });
});

describe('decided for the order message', () => {
  it('is rejected, or passed with its money credited, and nothing else', () => {
    expect(notCreditedFinally).toEqual([CardStatus.Rejected]);
    expect(passedFinally).toEqual([CardStatus.Passed]);
    expect(settledFinally).toEqual([SettlementStatus.Credited]);
  });
});
