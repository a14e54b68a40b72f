/**
 * What must hold after a reliability run, whatever was killed when: the ledger's invariants, no
 * card credited twice, no withdrawal paid twice, and every acknowledged write still there.
 * Each check returns lines describing its violations; none means it holds.
 */
import type { Pool } from 'pg';
import type { Db } from '../../src/db/client';
import { checkLedger, LedgerReason } from '../../src/modules/ledger';
import type { Acknowledged } from './client';

const lines = async (pool: Pool, text: string, params: unknown[] = []) =>
  (await pool.query<{ line: string }>(text, params)).rows.map((r) => r.line);

export async function ledgerViolations(db: Db): Promise<string[]> {
  const report = await checkLedger(db);
  return report.checks.flatMap((c) => c.violations.map((v) => `${c.name}: ${v}`));
}

/** A card's credit is one transfer, present exactly when the card says it is credited. */
export function cardsCreditedTwice(pool: Pool): Promise<string[]> {
  return lines(
    pool,
    `select 'card ' || c.id || ' has settlement status ' || c.settlement_status || ' and ' || count(t.id) || ' credit transfers' as line
     from cards c left join ledger_transfers t on t.ref = 'card:' || c.id and t.reason = $1
     group by c.id having count(t.id) <> case when c.settlement_status = 2 then 1 else 0 end
     union all
     select 'card ' || c.id || ' was credited ' || t.amount_fen || ' but settles at ' || c.settlement_fen
     from cards c join ledger_transfers t on t.ref = 'card:' || c.id and t.reason = $1 where t.amount_fen <> c.settlement_fen
     union all
     select 'card ' || card_id || ' has ' || count(*) || ' rebates' from rebates group by card_id having count(*) > 1`,
    [LedgerReason.CardSettlement],
  );
}

/** The payout simulator is the vendor: what it paid, per withdrawal, against our own record. */
export function withdrawalsPaidTwice(pool: Pool): Promise<string[]> {
  return lines(
    pool,
    `with paid as (
       select w.id, w.status, count(s.out_biz_no) filter (where s.outcome <> 'failed' and s.cancelled_at is null) as vendor_paid
       from withdrawals w left join payout_sim_transfers s on s.out_biz_no = w.order_no or s.out_biz_no ~ ('^' || w.order_no || 'R[0-9]+$')
       group by w.id, w.status)
     select 'withdrawal ' || id || ' (status ' || status || ') was paid ' || vendor_paid || ' times by the vendor' as line
     from paid where vendor_paid > 1 or (status = 1 and vendor_paid <> 1) or (status = 2 and vendor_paid <> 0)
     union all
     select 'withdrawal ref ' || ref || ' was posted ' || count(*) || ' times'
     from ledger_transfers where resolution = 'post' and ref like 'withdrawal:%' group by ref having count(*) > 1`,
  );
}

export async function lostWrites(pool: Pool, acked: Acknowledged): Promise<string[]> {
  const lost: string[] = [];
  const orderIds = [...acked.orders.keys()];
  const { rows: orders } = await pool.query<{ order_id: string; n: number }>(
    'select order_id, count(*)::int as n from cards where order_id = any($1::bigint[]) group by order_id',
    [orderIds],
  );
  const cardsOf = new Map(orders.map((r) => [Number(r.order_id), r.n]));
  for (const [id, cards] of acked.orders) {
    if (cardsOf.get(id) !== cards.length)
      lost.push(`order ${id} was acknowledged with ${cards.length} cards; ${cardsOf.get(id) ?? 0} found`);
  }
  const { rows: withdrawals } = await pool.query<{ id: string; user_id: string; amount_fen: string }>(
    'select id, user_id, amount_fen from withdrawals where id = any($1::bigint[])',
    [[...acked.withdrawals.keys()]],
  );
  const found = new Map(withdrawals.map((w) => [Number(w.id), w]));
  for (const [id, w] of acked.withdrawals) {
    const row = found.get(id);
    if (!row || Number(row.user_id) !== w.userId || Number(row.amount_fen) !== w.amountFen)
      lost.push(`withdrawal ${id} was acknowledged but is ${row ? 'different' : 'missing'}`);
  }
  const { rows: transfers } = await pool.query<{ id: string; amount_fen: string }>(
    'select id, amount_fen from ledger_transfers where id = any($1::bigint[])',
    [[...acked.adjustments.keys()]],
  );
  const amounts = new Map(transfers.map((t) => [Number(t.id), Number(t.amount_fen)]));
  for (const [id, a] of acked.adjustments) {
    if (amounts.get(id) !== Math.abs(a.amountFen))
      lost.push(`adjustment transfer ${id} of ${a.amountFen} was acknowledged but is ${amounts.has(id) ? 'different' : 'missing'}`);
  }
  for (const [first, repeat] of acked.repeats)
    if (first !== repeat) lost.push(`a repeated withdrawal request made withdrawal ${repeat} beside ${first}`);
  for (const replay of acked.acceptedReplays) lost.push(`a replayed callback was accepted: ${replay}`);
  return lost;
}

/** Work still under way: cards without a verdict or credit, withdrawals being paid. */
export function unfinished(pool: Pool): Promise<string[]> {
  return lines(
    pool,
    `select 'card ' || id || ' has status ' || status || ', settlement status ' || settlement_status as line
     from cards where status = 0 or settlement_status = 1
     union all
     select 'withdrawal ' || id || ' has status ' || status from withdrawals where status in (0, 5, 6)`,
  );
}

/** The pg-boss jobs of the unfinished work, to tell a lost job from a slow one when recovery stalls. */
export function jobsOfUnfinished(pool: Pool): Promise<string[]> {
  return lines(
    pool,
    `select j.name || ' ' || j.state || ' retries ' || j.retry_count || ' start after ' || j.start_after || ' started ' || coalesce(j.started_on::text, '-')
            || ' ' || j.data::text || coalesce(' output ' || left(j.output::text, 200), '') as line
     from pgboss.job j
     where (j.name = 'card-credit' and (j.data->>'cardId')::bigint in (select id from cards where settlement_status = 1))
        or (j.name = 'card-poll' and j.state not in ('completed'))
     order by j.created_on desc limit 30`,
  );
}

/** What the database's sessions are doing: a stalled queue shows here as a lock wait or an open transaction. */
export function databaseSessions(pool: Pool): Promise<string[]> {
  return lines(
    pool,
    `select pid || ' ' || state || ' ' || coalesce(wait_event_type || ':' || wait_event, '-') || ' xact ' || coalesce((now() - xact_start)::text, '-')
            || ' blocked by ' || coalesce(pg_blocking_pids(pid)::text, '{}') || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as line
     from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
     union all
     select 'idle sessions: ' || count(*) || ', idle longer than 30 s: ' || count(*) filter (where now() - state_change > interval '30 seconds')
     from pg_stat_activity where datname = current_database() and state = 'idle'
     union all
     select 'jobs ' || name || ' ' || state || ': ' || count(*) from pgboss.job group by name, state`,
  );
}
