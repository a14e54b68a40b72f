/**
 * Fills a migrated database with 1,000,000 cards for the order-list benchmark, in a few SQL
 * statements (generate_series, no row-by-row round trips): `users` users, one of them (the
 * returned phone) owning `targetOrders` orders of 10 cards, the rest spread over the others.
 * Every card carries the same valid ciphertext, so any view that opens one works.
 *
 *   tsx scripts/bench/seedCards.ts <DATABASE_URL> [cards=1000000] [targetCards=10000]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { encrypt } from '../../apps/server/src/lib/crypto';

export const CARDS_PER_ORDER = 10;

export interface SeedOptions {
  cards?: number;
  targetCards?: number;
  users?: number;
  /** The key the server runs with, so the stored ciphertext opens. */
  encryptionKey: Buffer;
}

export interface SeedResult {
  targetPhone: string;
  cardTypeId: number;
  cards: number;
  targetCards: number;
  seconds: number;
}

export async function seedCards(url: string, o: SeedOptions): Promise<SeedResult> {
  const cards = o.cards ?? 1_000_000;
  const targetCards = o.targetCards ?? 10_000;
  const users = o.users ?? 2_000;
  const orders = Math.ceil(cards / CARDS_PER_ORDER);
  const targetOrders = Math.ceil(targetCards / CARDS_PER_ORDER);
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const {
      rows: [category],
    } = await client.query(`insert into categories (name) values ('Bench') returning id`);
    const {
      rows: [type],
    } = await client.query(
      `insert into card_types (category_id, name, card_no_rule_type, card_no_length, needs_card_no, pwd_rule_type, pwd_length, physical)
       values ($1, 'Bench card', 1, 16, true, 1, null, false) returning id`,
      [category.id],
    );
    await client.query('insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, 10000, 9500)', [type.id]);
    const {
      rows: [range],
    } = await client.query(
      `with inserted as (
         insert into users (phone, nickname, invite_code)
         select '150' || lpad(g::text, 8, '0'), 'bench' || g, 'BN' || lpad(g::text, 6, '0') from generate_series(1, $1::int) g
         returning id)
       select min(id)::bigint as first, max(id)::bigint as last from inserted`,
      [users],
    );
    const first = Number(range.first);
    // The first user owns targetOrders orders; the others share the rest round-robin.
    await client.query(
      `insert into card_orders (order_no, user_id, idempotency_key, card_type_id, face_value_fen, rate_bp, card_count, created_at)
       select 'BENCH' || g, case when g <= $2 then $3::bigint else $3::bigint + 1 + (g % ($4::int - 1)) end,
              'bench-' || g, $5, 10000, 9500, ${CARDS_PER_ORDER}, now() - make_interval(secs => $1::int - g)
       from generate_series(1, $1::int) g`,
      [orders, targetOrders, first, users, type.id],
    );
    const secret = encrypt(o.encryptionKey, `${randomBytes(4).toString('hex')}1234`);
    // Credited, rejected and abnormal in turn: every kind a list shows, and none the card pipeline
    // would still pick up (a waiting card is handed to the channel, which would load the bench).
    await client.query(
      `insert into cards (order_id, user_id, card_type_id, line_no, card_no_enc, card_pwd_enc, masked_no, fingerprint, status, settlement_status,
                          declared_face_value_fen, actual_face_value_fen, settlement_rate_bp, settlement_fen, channel, created_at)
       select o.id, o.user_id, o.card_type_id, l, $1, $1, '6123********' || lpad(l::text, 4, '0'), sha256(('bench:' || o.id || ':' || l)::bytea),
              s.status, case when s.status = 1 then 2 else 0 end, 10000,
              case when s.status = 1 then 10000 end, case when s.status = 1 then 9500 end, case when s.status = 1 then 9500 end, 'sim', o.created_at
       from card_orders o cross join generate_series(1, ${CARDS_PER_ORDER}) l
       cross join lateral (select (array[1, 2, 5])[1 + (o.id + l) % 3]::smallint as status) s
       where o.card_type_id = $2`,
      [secret, type.id],
    );
    // Settled before anything is measured: left to itself, autovacuum would scan the new rows (and
    // the checkpointer write them out) while the first figures run, on the same two cores. Vacuum
    // also marks the pages all-visible, as they are in a database that has been running a while.
    // The order list's summaries and entries (migrations 0033 to 0037) were filled by their triggers from these inserts.
    await client.query('vacuum (analyze) users, card_orders, cards, card_order_statuses, card_order_user_counts, card_order_summaries');
    await client.query('checkpoint');
    return {
      targetPhone: '15000000001',
      cardTypeId: Number(type.id),
      cards: orders * CARDS_PER_ORDER,
      targetCards: targetOrders * CARDS_PER_ORDER,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('seedCards.ts')) {
  const [url, cards, targetCards] = process.argv.slice(2);
  const key = process.env.DATA_ENCRYPTION_KEY;
  if (!url || !key) {
    console.error('usage: DATA_ENCRYPTION_KEY=<base64> tsx scripts/bench/seedCards.ts <DATABASE_URL> [cards] [targetCards]');
    process.exit(2);
  }
  const result = await seedCards(url, {
    cards: cards ? Number(cards) : undefined,
    targetCards: targetCards ? Number(targetCards) : undefined,
    encryptionKey: Buffer.from(key, 'base64'),
  });
  console.log(JSON.stringify(result));
}
