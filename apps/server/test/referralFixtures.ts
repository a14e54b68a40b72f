/** Fixtures for the referral, rebate and admin referral tests: users signed up with a code, credited cards. */
import { randomBytes } from 'node:crypto';
import type { TestServer } from './harness';

/** A user logged in through the real SMS flow, optionally with a referral code. */
export async function signUp(server: TestServer, phone: string, p?: string) {
  const token = await server.login(phone, p ? { p } : {});
  const me = (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo;
  return { token, id: me.id as number, inviteCode: me.inviteCode as string, phone };
}

/** The card type of each test database (test files share this module, each has its database). */
const cardTypeIds = new WeakMap<object, number>();

/**
 * A card of the user that passed and was credited at `settlementFen`, as the card pipeline leaves
 * it; with `pending`, one that passed and waits for its credit.
 */
export async function creditedCard(server: TestServer, userId: number, settlementFen: number, pending = false): Promise<number> {
  const pool = server.deps.database.pool;
  let cardTypeId = cardTypeIds.get(pool);
  if (cardTypeId === undefined) {
    const category = await pool.query<{ id: number }>(`insert into categories (name) values ('话费卡') returning id`);
    const type = await pool.query<{ id: number }>(`insert into card_types (category_id, name) values ($1, '移动充值卡') returning id`, [
      category.rows[0]!.id,
    ]);
    cardTypeId = type.rows[0]!.id;
    cardTypeIds.set(pool, cardTypeId);
  }
  const suffix = randomBytes(6).toString('hex');
  const order = await pool.query<{ id: number }>(
    `insert into card_orders (order_no, user_id, idempotency_key, card_type_id, face_value_fen, rate_bp, card_count)
     values ($1, $2, $3, $4, $5, 10000, 1) returning id`,
    [`T${suffix}`, userId, `key-${suffix}`, cardTypeId, settlementFen],
  );
  const card = await pool.query<{ id: number }>(
    `insert into cards (order_id, user_id, card_type_id, line_no, card_pwd_enc, masked_no, fingerprint, status, settlement_status,
                        declared_face_value_fen, actual_face_value_fen, settlement_rate_bp, settlement_fen, channel, credited_at)
     values ($1, $2, $3, 1, $4, '****1234', $5, 1, $7::smallint, $6, $6, 10000, $6, 'sim', case when $7::smallint = 2 then now() end) returning id`,
    [order.rows[0]!.id, userId, cardTypeId, randomBytes(16), randomBytes(32), settlementFen, pending ? 1 : 2],
  );
  return card.rows[0]!.id;
}

/**
 * Marks a card's rebate reversed, as the rebate listings would show one taken back: the status
 * and its times only (no product path reverses a rebate; these views must still read the status).
 */
export async function markRebateReversed(server: TestServer, cardId: number): Promise<void> {
  await server.deps.database.pool.query(
    `update rebates set status = 'reversed', reversal_requested_at = now(), reversed_at = now() where card_id = $1 and status = 'credited'`,
    [cardId],
  );
}
