import { sql } from 'drizzle-orm';
import { SettlementStatus, type RebateStatus } from '@maika/shared';
import type { Queryable } from '../../db/client';
import { startOfBusinessMonth } from '../../lib/businessTime';
import type { UserStatus } from '../../db/schema';

/** Raw queries: timestamps arrive as PostgreSQL's text, not Date; `isoTime` in service.ts converts them. */
export type RebateRow = {
  id: number;
  referrerId: number;
  refereeId: number;
  cardId: number;
  settlementFen: number;
  rateBp: number;
  amountFen: number;
  status: RebateStatus;
  createdAt: string;
  reversalRequestedAt: string | null;
  reversedAt: string | null;
};

const rebateColumns = sql.raw(`id, referrer_id as "referrerId", referee_id as "refereeId", card_id as "cardId",
  settlement_fen as "settlementFen", rate_bp as "rateBp", amount_fen as "amountFen", status,
  created_at as "createdAt", reversal_requested_at as "reversalRequestedAt", reversed_at as "reversedAt"`);

export async function findReferrerOf(db: Queryable, userId: number): Promise<{ id: number; status: UserStatus } | undefined> {
  const { rows } = await db.execute<{ id: number; status: UserStatus }>(sql`
    select r.id, r.status from users u join users r on r.id = u.referrer_id where u.id = ${userId}`);
  return rows[0];
}

/** The referrers of these users, read without a lock (a referrer is set at sign-up and never changes): user id → referrer id. */
export async function referrersOf(db: Queryable, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ id: number; referrerId: number }>(sql`
    select id, referrer_id as "referrerId" from users where id = any(${sql.param(userIds)}::bigint[]) and referrer_id is not null`);
  return new Map(rows.map((r) => [r.id, r.referrerId]));
}

export type NewRebate = { referrerId: number; refereeId: number; cardId: number; settlementFen: number; rateBp: number; amountFen: number };

/**
 * Inserts the rebates of the cards that have none yet, in one statement (a concurrent insert for
 * the same card is waited for): `created`; the others' rows are read (`existing`, only when there
 * are some).
 */
export async function insertRebates(db: Queryable, rs: NewRebate[]): Promise<{ created: RebateRow[]; existing: RebateRow[] }> {
  const column = <K extends keyof NewRebate>(k: K) => sql.param(rs.map((r) => r[k]));
  const { rows: created } = await db.execute<RebateRow>(sql`
    insert into rebates (referrer_id, referee_id, card_id, settlement_fen, rate_bp, amount_fen)
    select * from unnest(${column('referrerId')}::bigint[], ${column('refereeId')}::bigint[], ${column('cardId')}::bigint[],
                         ${column('settlementFen')}::bigint[], ${column('rateBp')}::int[], ${column('amountFen')}::bigint[])
    on conflict (card_id) do nothing
    returning ${rebateColumns}`);
  if (created.length === rs.length) return { created, existing: [] };
  const taken = new Set(created.map((r) => r.cardId));
  const others = rs.filter((r) => !taken.has(r.cardId)).map((r) => r.cardId);
  const { rows: existing } = await db.execute<RebateRow>(
    sql`select ${rebateColumns} from rebates where card_id = any(${sql.param(others)}::bigint[])`,
  );
  return { created, existing };
}

// ---------------------------------------------------------------------------------------------
// The referrer's views; every query is scoped to the caller as referrer.

export async function shareTotals(db: Queryable, referrerId: number) {
  const { rows } = await db.execute<{ levelUserCount: number; rebateTotalFen: number; rebateMonthFen: number }>(sql`
    select (select count(*) from users where referrer_id = ${referrerId})::int as "levelUserCount",
           coalesce(sum(amount_fen) filter (where status = 'credited'), 0)::bigint as "rebateTotalFen",
           coalesce(sum(amount_fen) filter (where status = 'credited' and created_at >= ${startOfBusinessMonth}), 0)::bigint as "rebateMonthFen"
    from rebates where referrer_id = ${referrerId}`);
  return rows[0]!;
}

export type LevelUserRow = {
  id: number;
  nickname: string | null;
  avatar: string | null;
  phone: string | null;
  joinedAt: string;
  cardCount: number;
  rebateFen: number;
};

export async function listLevelUsers(db: Queryable, referrerId: number, limit: number, offset: number) {
  const { rows } = await db.execute<LevelUserRow>(sql`
    select u.id, u.nickname, u.avatar, u.phone, u.created_at as "joinedAt",
           (select count(*) from cards c where c.user_id = u.id and c.settlement_status = ${SettlementStatus.Credited})::int as "cardCount",
           (select coalesce(sum(r.amount_fen), 0) from rebates r
             where r.referee_id = u.id and r.referrer_id = ${referrerId} and r.status = 'credited')::bigint as "rebateFen"
    from users u where u.referrer_id = ${referrerId}
    order by u.id desc limit ${limit} offset ${offset}`);
  const count = await db.execute<{ total: number }>(sql`select count(*)::int as total from users where referrer_id = ${referrerId}`);
  return { list: rows, total: count.rows[0]!.total };
}

export type ShareDetailRow = {
  id: number;
  refereePhone: string | null;
  refereeNickname: string | null;
  cardId: number;
  goodsName: string;
  settlementFen: number;
  rebateFen: number;
  status: RebateStatus;
  createdAt: string;
};

export async function listShareDetails(db: Queryable, referrerId: number, limit: number, offset: number) {
  const { rows } = await db.execute<ShareDetailRow>(sql`
    select r.id, u.phone as "refereePhone", u.nickname as "refereeNickname", r.card_id as "cardId",
           t.name as "goodsName", r.settlement_fen as "settlementFen", r.amount_fen as "rebateFen",
           r.status, r.created_at as "createdAt"
    from rebates r
    join users u on u.id = r.referee_id
    join cards c on c.id = r.card_id
    join card_types t on t.id = c.card_type_id
    where r.referrer_id = ${referrerId}
    order by r.id desc limit ${limit} offset ${offset}`);
  const totals = await db.execute<{ total: number; totalFen: number }>(sql`
    select count(*)::int as total, coalesce(sum(amount_fen) filter (where status = 'credited'), 0)::bigint as "totalFen"
    from rebates where referrer_id = ${referrerId}`);
  return { list: rows, ...totals.rows[0]! };
}
