import { WithdrawalStatus } from '@maika/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface InvariantResult {
  name: string;
  ok: boolean;
  /** Up to 20 offending rows, described. */
  violations: string[];
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  checks: InvariantResult[];
}

const LIMIT = 20;

/**
 * Each invariant is a query returning one row per violation, as a line of text. Balances are read
 * from `ledger_account_balances`: a platform account's stored balance plus its deltas not yet
 * rolled up (migration 0032), in the check's one snapshot, which a rollup changes atomically.
 */
const invariants: { name: string; query: ReturnType<typeof sql> }[] = [
  {
    name: 'the balances of all accounts sum to 0',
    query: sql`select 'sum of balances is ' || sum(balance_fen) as line from ledger_account_balances having coalesce(sum(balance_fen), 0) <> 0`,
  },
  {
    name: "each account's balance equals its credits minus its debits",
    query: sql`
      select 'account ' || a.id || ' (' || a.kind || ') has ' || a.balance_fen || ', entries give ' || coalesce(e.net, 0) as line
      from ledger_account_balances a
      left join (
        select account_id, sum(amount) as net from (
          select credit_account_id as account_id, amount_fen as amount from ledger_transfers
          union all select debit_account_id, -amount_fen from ledger_transfers) x
        group by account_id) e on e.account_id = a.id
      where a.balance_fen <> coalesce(e.net, 0)
      limit ${LIMIT}`,
  },
  {
    name: 'no user account is negative',
    query: sql`select 'account ' || id || ' (' || kind || ') is ' || balance_fen as line from ledger_accounts
      where kind in ('user_available', 'user_held') and balance_fen < 0 limit ${LIMIT}`,
  },
  {
    name: 'no pending transfer is resolved twice, and each resolution moves exactly the held amount',
    query: sql`
      select 'pending ' || p.id || ' of ' || p.amount_fen || ': ' || count(r.id) filter (where r.resolution is not null)
             || ' resolutions moving ' || coalesce(sum(r.amount_fen), 0) as line
      from ledger_transfers p join ledger_transfers r on r.pending_id = p.id
      where p.pending
      group by p.id, p.amount_fen
      having count(r.id) filter (where r.resolution is not null) <> 1 or sum(r.amount_fen) <> p.amount_fen
      union all
      select 'transfer ' || r.id || ' resolves ' || r.pending_id || ', which is not a pending transfer'
      from ledger_transfers r left join ledger_transfers p on p.id = r.pending_id
      where r.pending_id is not null and not coalesce(p.pending, false)
      limit ${LIMIT}`,
  },
  {
    name: 'withdrawal status agrees with its ledger state',
    query: sql`
      select 'withdrawal ' || w.id || ' has status ' || w.status || ' but its hold is ' || coalesce(r.resolution, 'pending') as line
      from withdrawals w left join ledger_transfers r on r.pending_id = w.hold_transfer_id and r.resolution is not null
      where coalesce(r.resolution, 'pending') <> case when w.status in (${WithdrawalStatus.Paid}, ${WithdrawalStatus.OfflineSettlement}) then 'post' when w.status = ${WithdrawalStatus.PaymentFailed} then 'void' else 'pending' end
      union all
      select 'withdrawal ' || w.id || ' holds ' || h.amount_fen || ' but asks ' || (w.amount_fen + w.fee_fen)
      from withdrawals w join ledger_transfers h on h.id = w.hold_transfer_id
      where h.amount_fen <> w.amount_fen + w.fee_fen or not h.pending
      union all
      select 'withdrawal ' || w.id || ' has an earlier hold ' || h.id || ' that was not voided'
      from withdrawals w join ledger_transfers h on h.ref = 'withdrawal:' || w.id and h.pending and h.id <> w.hold_transfer_id
      left join ledger_transfers r on r.pending_id = h.id and r.resolution = 'void'
      where r.id is null
      limit ${LIMIT}`,
  },
  {
    name: "each user's count of open withdrawals is what their withdrawals give",
    query: sql`
      select 'user ' || coalesce(c.user_id, w.user_id) || ' has ' || coalesce(c.open, 0) || ' open withdrawals counted and '
             || coalesce(w.open, 0) || ' open' as line
      from withdrawal_open_counts c
      full join (select user_id, count(*) as open from withdrawals where withdrawal_open(status) group by user_id) w on w.user_id = c.user_id
      where coalesce(c.open, 0) <> coalesce(w.open, 0)
      limit ${LIMIT}`,
  },
  {
    name: 'every platform delta not yet rolled up belongs to a platform account',
    query: sql`
      select 'delta ' || d.id || ' of ' || d.amount_fen || ' names account ' || d.account_id
             || coalesce(' (' || a.kind || ')', ', which does not exist') as line
      from ledger_platform_deltas d left join ledger_accounts a on a.id = d.account_id
      where a.id is null or a.kind in ('user_available', 'user_held')
      limit ${LIMIT}`,
  },
];

/** Verifies every ledger invariant; what `npm run ledger:check` and the admin check run. */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  // One snapshot for every query, so transfers committed meanwhile cannot look like a violation.
  return db.transaction(
    async (tx) => {
      const checks: InvariantResult[] = [];
      for (const invariant of invariants) {
        const { rows } = await tx.execute<{ line: string }>(invariant.query);
        checks.push({ name: invariant.name, ok: rows.length === 0, violations: rows.map((r) => r.line) });
      }
      const { rows } = await tx.execute<{ accounts: number; transfers: number }>(
        sql`select (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_transfers)::int as transfers`,
      );
      return { ok: checks.every((c) => c.ok), accounts: rows[0]!.accounts, transfers: rows[0]!.transfers, checks };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function formatReport(report: LedgerReport): string {
  const lines = [`Ledger: ${report.accounts} accounts, ${report.transfers} transfers`];
  for (const c of report.checks) {
    lines.push(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`);
    for (const v of c.violations) lines.push(`       ${v}`);
  }
  lines.push(report.ok ? 'All invariants hold.' : 'Invariants are violated: see FAIL lines above.');
  return lines.join('\n');
}
