/**
 * Risk flags, computed when asked (dashboard, /metrics): a user credited in 24 hours far above
 * their own history, and an operator approving more in 24 hours than one person should.
 */
import { fenToNumber, type RiskFlag } from '@maika/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { LedgerReason } from '../ledger';

const creditReasons = [LedgerReason.CardSettlement, LedgerReason.Adjustment, LedgerReason.Rebate];
const approvalActions = [
  'card.approve',
  'card.bulkApprove',
  'card.appealDecide',
  'approval.approve',
  'withdrawal.approve',
  'ledger.adjust',
];
const HISTORY_DAYS = 30;

/**
 * A risk flag as the server holds it: fen totals and counts as bigint (docs/product.md "Money"), read from the
 * database as text so no float ever carries them; the API makes them JSON numbers (`riskFlagJson`).
 */
export type RiskFinding = Omit<RiskFlag, 'value' | 'baseline'> & { value: bigint; baseline: bigint };

/** The wire form of a finding; refuses a total a JSON number cannot carry exactly. */
export const riskFlagJson = (finding: RiskFinding): RiskFlag => ({
  ...finding,
  value: fenToNumber(finding.value),
  baseline: fenToNumber(finding.baseline),
});

async function userCreditFlags(deps: Deps, db: Queryable): Promise<RiskFinding[]> {
  const reasons = sql.join(
    creditReasons.map((r) => sql`${r}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ user_id: string; phone: string | null; recent_fen: string; baseline_fen: string }>(sql`
    with credits as (
      select a.user_id, t.amount_fen, t.created_at
      from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
      where a.kind = 'user_available' and t.reason in (${reasons}) and t.created_at > now() - make_interval(days => ${HISTORY_DAYS + 1})
    ), per_user as (
      select user_id,
        coalesce(sum(amount_fen) filter (where created_at > now() - interval '24 hours'), 0) as recent_fen,
        coalesce(sum(amount_fen) filter (where created_at <= now() - interval '24 hours'), 0) / ${HISTORY_DAYS} as daily_fen
      from credits group by user_id
    )
    -- The baseline shown is whole fen (floor); the test above keeps the exact daily average.
    select p.user_id, u.phone, p.recent_fen::text as recent_fen, floor(p.daily_fen)::text as baseline_fen from per_user p join users u on u.id = p.user_id
    where p.recent_fen > ${deps.config.RISK_CREDIT_FLOOR_FEN} and p.recent_fen > p.daily_fen * ${deps.config.RISK_CREDIT_MULTIPLE}
    order by p.recent_fen desc limit 50`);
  return rows.map((r) => ({
    kind: 'userCredits',
    subjectId: Number(r.user_id),
    subject: r.phone ?? `#${r.user_id}`,
    value: BigInt(r.recent_fen),
    baseline: BigInt(r.baseline_fen),
  }));
}

async function operatorApprovalFlags(deps: Deps, db: Queryable): Promise<RiskFinding[]> {
  const actions = sql.join(
    approvalActions.map((a) => sql`${a}`),
    sql`, `,
  );
  const threshold = deps.config.RISK_OPERATOR_APPROVALS;
  const { rows } = await db.execute<{ admin_id: string; username: string; n: string }>(sql`
    select l.admin_id, a.username, count(*)::text as n from audit_log l join admins a on a.id = l.admin_id
    where l.created_at > now() - interval '24 hours' and l.action in (${actions})
    group by l.admin_id, a.username having count(*) > ${threshold} order by count(*) desc limit 50`);
  return rows.map((r) => ({
    kind: 'operatorApprovals',
    subjectId: Number(r.admin_id),
    subject: r.username,
    value: BigInt(r.n),
    baseline: BigInt(threshold),
  }));
}

export async function riskFlags(deps: Deps): Promise<RiskFinding[]> {
  const db = deps.database.db;
  return [...(await userCreditFlags(deps, db)), ...(await operatorApprovalFlags(deps, db))];
}
