import { WithdrawalStatus, withdrawalStatusTable } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { nextWithdrawalStatus, withdrawalEvents, type WithdrawalEvent } from './stateMachine';

const S = WithdrawalStatus;
const allowed: [WithdrawalStatus, WithdrawalEvent, WithdrawalStatus][] = [
  [S.Unpaid, 'start', S.Processing],
  [S.Unpaid, 'offlinePaid', S.OfflineSettlement],
  [S.Unpaid, 'offlineFailed', S.PaymentFailed],
  [S.Unpaid, 'reject', S.PaymentFailed],
  [S.Repay, 'start', S.Processing],
  [S.Repay, 'offlinePaid', S.OfflineSettlement],
  [S.Repay, 'offlineFailed', S.PaymentFailed],
  [S.Repay, 'reject', S.PaymentFailed],
  [S.Processing, 'paid', S.Paid],
  [S.Processing, 'failed', S.PaymentFailed],
  [S.Processing, 'awaitConfirmation', S.AwaitingConfirmation],
  [S.AwaitingConfirmation, 'paid', S.Paid],
  [S.AwaitingConfirmation, 'failed', S.PaymentFailed],
  [S.PaymentFailed, 'retry', S.Repay],
];

describe('withdrawal state machine', () => {
  it.each(allowed)('%i --%s--> %i', (from, event, to) => {
    expect(nextWithdrawalStatus(from, event)).toBe(to);
  });

  const forbidden = withdrawalStatusTable.codes.flatMap((from) =>
    withdrawalEvents
      .filter((event) => !allowed.some(([f, e]) => f === from && e === event))
      .map((event) => [from, event] as [WithdrawalStatus, WithdrawalEvent]),
  );

  it('lists every status × event pair as allowed or forbidden', () => {
    expect(allowed.length + forbidden.length).toBe(withdrawalStatusTable.codes.length * withdrawalEvents.length);
  });

  it.each(forbidden)('%i refuses %s', (from, event) => {
    expect(nextWithdrawalStatus(from, event)).toBeNull();
  });
});
