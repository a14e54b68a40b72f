/**
 * The payout simulator. Each transfer is recorded by its out_biz_no in `payout_sim_transfers`,
 * so a repeated transfer is deduplicated like at a real vendor and `query` answers across
 * restarts. PAYOUT_SIM_OUTCOME decides new transfers; PAYOUT_SIM_DELAY_MS holds the answer after
 * the transfer is recorded (a slow vendor; a crash in that window is what `query` is for).
 *
 * What `query` reports later: 'paid' and 'failed' stay; 'processing' has finished as paid;
 * 'awaitingConfirmation' stays until `confirmSimulatedTransfer` (paid) or `cancel` (failed).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutSimTransfers } from '../../db/schema';
import type { PayoutProvider, PayoutQueryResult, PayoutResult } from './contract';

export type SimOutcome = 'paid' | 'failed' | 'processing' | 'awaitingConfirmation';

/** WeChat's confirmation window. */
const CONFIRM_WINDOW_MS = 24 * 3600_000;

type SimRow = typeof payoutSimTransfers.$inferSelect;

function answerOf(row: SimRow, asked: 'transfer' | 'query'): PayoutResult {
  const providerRef = `SIM${row.outBizNo}`;
  if (row.outcome === 'failed' || row.cancelledAt) {
    return {
      outcome: 'failed',
      reason: row.cancelledAt ? 'cancelled before the payee confirmed' : 'simulated refusal',
      providerRef,
      payeeReason: { key: 'payout.simulatedFailed' },
    };
  }
  if (row.outcome === 'awaitingConfirmation' && !row.confirmedAt) {
    return {
      outcome: 'awaitingConfirmation',
      providerRef,
      packageInfo: `SIMPKG${row.outBizNo}`,
      expiresAt: new Date(row.createdAt.getTime() + CONFIRM_WINDOW_MS),
    };
  }
  if (row.outcome === 'processing' && asked === 'transfer') return { outcome: 'processing', providerRef };
  return { outcome: 'paid', providerRef, paidAt: row.confirmedAt ?? row.createdAt };
}

export function createSimulatedPayout(db: Db, options: { channel: string; outcome: SimOutcome; delayMs: number }): PayoutProvider {
  const find = async (outBizNo: string) => (await db.select().from(payoutSimTransfers).where(eq(payoutSimTransfers.outBizNo, outBizNo)))[0];
  const query = async (outBizNo: string): Promise<PayoutQueryResult> => {
    const row = await find(outBizNo);
    return row ? answerOf(row, 'query') : { outcome: 'notFound' };
  };
  return {
    name: 'sim',
    query,
    async transfer(request) {
      await db
        .insert(payoutSimTransfers)
        .values({ outBizNo: request.outBizNo, channel: options.channel, amountFen: request.amountFen, outcome: options.outcome })
        .onConflictDoNothing();
      if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return answerOf((await find(request.outBizNo))!, 'transfer');
    },
    async cancel(outBizNo) {
      await db
        .update(payoutSimTransfers)
        .set({ cancelledAt: sql`now()` })
        .where(sql`${payoutSimTransfers.outBizNo} = ${outBizNo} and ${payoutSimTransfers.confirmedAt} is null`);
      return query(outBizNo);
    },
  };
}

/** The payee confirms receipt (what the user does in WeChat); for demos and tests. */
export async function confirmSimulatedTransfer(db: Db, outBizNo: string): Promise<boolean> {
  const rows = await db
    .update(payoutSimTransfers)
    .set({ confirmedAt: sql`now()` })
    .where(sql`${payoutSimTransfers.outBizNo} = ${outBizNo} and ${payoutSimTransfers.cancelledAt} is null`)
    .returning({ outBizNo: payoutSimTransfers.outBizNo });
  return rows.length === 1;
}
