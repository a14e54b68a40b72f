import { sql, type SQL } from 'drizzle-orm';
import { SettlementStatus, type RebateStatus } from '@maika/shared';
import type { Queryable } from '../../db/client';

// Phones in filters are digits only (schemas), so a LIKE pattern cannot carry wildcards of its own.
const phoneLike = (column: SQL, digits: string) => sql`${column} like ${`%${digits}%`}`;
const where = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};

export type AdminReferralRow = {
  refereeId: number;
  refereePhone: string | null;
  refereeNickname: string | null;
  referrerId: number;
  referrerPhone: string | null;
  referrerNickname: string | null;
  joinedAt: string;
  cardCount: number;
  rebateFen: number;
};

export async function listReferrals(db: Queryable, f: { referrerPhone?: string; referrerId?: number }, limit: number, offset: number) {
  const filter = where([
    sql`u.referrer_id is not null`,
    f.referrerPhone ? phoneLike(sql`r.phone`, f.referrerPhone) : undefined,
    f.referrerId ? sql`u.referrer_id = ${f.referrerId}` : undefined,
  ]);
  const { rows } = await db.execute<AdminReferralRow>(sql`
    select u.id as "refereeId", u.phone as "refereePhone", u.nickname as "refereeNickname",
           r.id as "referrerId", r.phone as "referrerPhone", r.nickname as "referrerNickname", u.created_at as "joinedAt",
           (select count(*) from cards c where c.user_id = u.id and c.settlement_status = ${SettlementStatus.Credited})::int as "cardCount",
           (select coalesce(sum(b.amount_fen), 0) from rebates b where b.referee_id = u.id and b.status = 'credited')::bigint as "rebateFen"
    from users u join users r on r.id = u.referrer_id
    ${filter}
    order by u.id desc limit ${limit} offset ${offset}`);
  const count = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from users u join users r on r.id = u.referrer_id ${filter}`,
  );
  return { list: rows, total: count.rows[0]!.total };
}

export interface AdminRebateFilter {
  status?: RebateStatus;
  referrerPhone?: string;
  refereePhone?: string;
  from?: string;
  to?: string;
}

export type AdminRebateRow = {
  id: number;
  referrerId: number;
  referrerPhone: string | null;
  refereeId: number;
  refereePhone: string | null;
  cardId: number;
  goodsName: string;
  settlementFen: number;
  rateBp: number;
  rebateFen: number;
  status: RebateStatus;
  createdAt: string;
  reversedAt: string | null;
};

export async function listRebates(db: Queryable, f: AdminRebateFilter, limit: number, offset: number) {
  const filter = where([
    f.status ? sql`b.status = ${f.status}` : undefined,
    f.referrerPhone ? phoneLike(sql`r.phone`, f.referrerPhone) : undefined,
    f.refereePhone ? phoneLike(sql`u.phone`, f.refereePhone) : undefined,
    // As UTC: PostgreSQL refuses some offsets an ISO date-time may carry (beyond ±15:59).
    f.from ? sql`b.created_at >= ${new Date(f.from).toISOString()}` : undefined,
    f.to ? sql`b.created_at <= ${new Date(f.to).toISOString()}` : undefined,
  ]);
  const from = sql`from rebates b join users r on r.id = b.referrer_id join users u on u.id = b.referee_id`;
  const { rows } = await db.execute<AdminRebateRow>(sql`
    select b.id, b.referrer_id as "referrerId", r.phone as "referrerPhone", b.referee_id as "refereeId", u.phone as "refereePhone",
           b.card_id as "cardId", t.name as "goodsName", b.settlement_fen as "settlementFen", b.rate_bp as "rateBp",
           b.amount_fen as "rebateFen", b.status, b.created_at as "createdAt", b.reversed_at as "reversedAt"
    ${from} join cards c on c.id = b.card_id join card_types t on t.id = c.card_type_id
    ${filter}
    order by b.id desc limit ${limit} offset ${offset}`);
  const totals = await db.execute<{ total: number; totalFen: number }>(sql`
    select count(*)::int as total, coalesce(sum(b.amount_fen) filter (where b.status = 'credited'), 0)::bigint as "totalFen"
    ${from} ${filter}`);
  return { list: rows, ...totals.rows[0]! };
}
