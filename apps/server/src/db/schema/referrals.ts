import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rebateStatuses } from '@maika/shared';
import { cards } from './cards';
import { users } from './users';

/**
 * One rebate per credited card of a referee (the unique card id makes a second credit impossible).
 * The money itself is in the ledger (`card:<id>:rebate`); this row is the listing of it. No card
 * credit is ever taken back, so nothing writes the `reversed` and `reversal_pending` statuses and
 * their times; the columns, checks and index stay as migration 0006 made them.
 */
export const rebates = pgTable(
  'rebates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    refereeId: bigint('referee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => cards.id),
    settlementFen: bigint('settlement_fen', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: rebateStatuses }).notNull().default('credited'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the card's credit was taken back (the reversal was asked for). */
    reversalRequestedAt: timestamp('reversal_requested_at', { withTimezone: true }),
    /** When the reversing transfer was posted. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rebates_card_key').on(t.cardId),
    index('rebates_referrer_idx').on(t.referrerId, t.id),
    index('rebates_referee_idx').on(t.refereeId),
    index('rebates_reversal_pending_idx')
      .on(t.referrerId)
      .where(sql`${t.status} = 'reversal_pending'`),
    check('rebates_amount_positive', sql`${t.amountFen} > 0`),
    check('rebates_not_self', sql`${t.referrerId} <> ${t.refereeId}`),
    check('rebates_rate_range', sql`${t.rateBp} between 0 and 10000`),
    check(
      'rebates_status_times',
      sql`(${t.status} = 'credited') = (${t.reversalRequestedAt} is null) and (${t.status} = 'reversed') = (${t.reversedAt} is not null)`,
    ),
  ],
);
