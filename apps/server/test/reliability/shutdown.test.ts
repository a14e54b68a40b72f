/**
 * Graceful shutdown under load: SIGTERM reaches a server while card submissions are in flight. It
 * stops taking requests, finishes those it took and exits 0; every submission it acknowledged is
 * in the database, and every card's channel job runs (here on the other instance).
 */
import { CardStatus, SettlementStatus } from '@maika/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, testConfig } from '../harness';
import { call } from './client';
import { serverProcess } from './cluster';

const { url, database } = await createTestDatabase();
const config = testConfig();
const pool = database.pool;
const shared: Record<string, string> = {
  DATABASE_URL: url,
  DATA_DIR: config.dataDir,
  APP_SECRET: config.appSecret,
  DATA_ENCRYPTION_KEY: config.dataEncryptionKey.toString('base64'),
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  SMS_PHONE_DAILY_LIMIT: '1000',
  SMS_IP_DAILY_LIMIT: '100000',
  CHANNEL_SIM_DELAY_MS: '100',
  CHANNEL_POLL_AFTER_SECONDS: '5',
  // B's status poll fetches the verdicts the simulator in A never sent once A stopped; every second
  // here rather than every minute. Lost hand-overs and credits are not queued again within the
  // test, so a job A dropped would show as a card never finished.
  SWEEP_INTERVAL_SECONDS: '1',
  CARD_REQUEUE_AFTER_SECONDS: '3600',
  SHUTDOWN_TIMEOUT_MS: '60000',
};
const survivor = await serverProcess('server B', shared);
// The card simulator calls back to PUBLIC_URL: the instance that stays up.
const stopping = await serverProcess('server A', { ...shared, PUBLIC_URL: survivor.url });

afterAll(async () => {
  await Promise.all([stopping.kill(), survivor.kill()]);
});

const USERS = 4;
const CARDS_PER_ORDER = 5;
let cardSerial = 0;

async function login(base: string, phone: string): Promise<{ token: string; device: string }> {
  const device = `shutdown-${phone}`;
  expect((await call(base, 'POST', '/api/Authentication/getLoginSms', { device, body: { phone } }))?.code).toBe(200);
  const {
    rows: [sms],
  } = await pool.query('select code from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
  const answer = await call(base, 'POST', '/api/Authentication/smsLogin', { device, body: { phone, code: sms.code } });
  expect(answer?.code, answer?.msg).toBe(200);
  return { token: answer!.data.token as string, device };
}

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, exits 0, and loses no acknowledged submission and no job', async () => {
    await Promise.all([survivor.start(), stopping.start()]);
    const {
      rows: [category],
    } = await pool.query(`insert into categories (name) values ('Shutdown') returning id`);
    const {
      rows: [type],
    } = await pool.query(
      `insert into card_types (category_id, name, card_no_rule_type, card_no_length, needs_card_no, pwd_rule_type, pwd_length, physical)
       values ($1, 'Shutdown card', 1, 16, true, 1, null, false) returning id`,
      [category.id],
    );
    await pool.query('insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, 10000, 9500)', [type.id]);
    const users = [];
    for (let i = 0; i < USERS; i += 1) users.push(await login(survivor.url, `1390000${String(i).padStart(4, '0')}`));

    const acknowledged: number[] = [];
    let answered = 0;
    let refused = false;
    const submitUntilRefused = async (user: { token: string; device: string }) => {
      while (!refused) {
        const cards = Array.from({ length: CARDS_PER_ORDER }, () => {
          cardSerial += 1;
          const serial = `${process.pid}${String(cardSerial).padStart(8, '0')}`.slice(-15);
          return { cardNo: `6${serial.padStart(15, '0')}`, cardPwd: `${serial}9876` };
        });
        const body = { goodsId: Number(type.id), faceValueFen: 10_000, cards, idempotencyKey: `shutdown-${cardSerial}`, agree: true };
        const answer = await call(stopping.url, 'POST', '/api/order/submit', { token: user.token, device: user.device, body });
        if (answer === null)
          refused = true; // closed or closing: nothing was acknowledged
        else {
          answered += 1;
          if (answer.code === 200) acknowledged.push(Number(answer.data.orderId));
        }
      }
    };
    const load = users.flatMap((user) => [submitUntilRefused(user), submitUntilRefused(user)]);
    await eventually(async () => answered >= USERS * 2);
    const exitCode = stopping.terminate();
    await Promise.all(load);

    expect(await exitCode, stopping.output().slice(-3000)).toBe(0);
    expect(stopping.output()).toContain('SIGTERM: finishing requests in flight and running jobs');
    expect(acknowledged.length).toBeGreaterThan(0);

    const { rows: stored } = await pool.query<{ id: number; cards: number }>(
      'select o.id, count(c.id)::int as cards from card_orders o join cards c on c.order_id = o.id where o.id = any($1) group by o.id',
      [acknowledged],
    );
    expect(stored.map((o) => o.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
    expect(stored.every((o) => o.cards === CARDS_PER_ORDER)).toBe(true);

    // Every card was handed to the channel and credited: the jobs A queued and did not finish ran on B.
    await eventually(
      async () => {
        const {
          rows: [left],
        } = await pool.query<{ n: number }>(
          'select count(*)::int as n from cards where order_id = any($1) and not (status = $2 and settlement_status = $3)',
          [acknowledged, CardStatus.Passed, SettlementStatus.Credited],
        );
        return left!.n === 0;
      },
      { everyMs: 250 },
    );
  }, 240_000);
});
