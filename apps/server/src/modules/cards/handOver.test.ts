import { CardStatus, Code } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { startCardSupplier, type CardSupplier } from '../../../test/fakes/cardSupplier';
import type { CardChannel, CardChannels } from '../../providers/channel';
import { createTestServer, type TestServer } from '../../../test/harness';
import { getAdminCard, listCardsForReview } from './adminService';
import { handOverRetryDelaySeconds, MAX_HAND_OVER_ATTEMPTS, submitOrderCards } from './channelService';
import { ordersNotSubmitted } from './channelRepo';

const MERCHANT = 'maika-0001';
const SECRET = 'supplier-shared-secret-'.padEnd(48, 's');

let fake: CardSupplier;
let server: TestServer;
let type: CardTypeFixture;
let token: string;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);

/** The HTTP supplier as the channel; no card worker, so each hand-over runs when the test says. */
beforeAll(async () => {
  fake = await startCardSupplier({ merchantId: MERCHANT, secret: SECRET });
  afterAll(() => fake.close());
  const env = {
    CARD_CHANNEL: 'http',
    CARD_CHANNEL_HTTP_URL: fake.url,
    CARD_CHANNEL_HTTP_MERCHANT_ID: MERCHANT,
    CARD_CHANNEL_HTTP_SECRET: SECRET,
  };
  server = await createTestServer({ env, listen: true });
  type = await createCardType(server);
  token = await server.login('13800000071');
});

async function submittedCard(): Promise<{ orderId: number; cardId: number }> {
  const { code, data } = await submit(server, token, type.id, [freshCard()]);
  expect(code).toBe(Code.Ok);
  const { rows } = await sql('select id from cards where order_id = $1', [data.orderId]);
  return { orderId: data.orderId, cardId: rows[0].id };
}

const handOverState = async (cardId: number) =>
  (
    await sql(
      `select channel_attempts as attempts, channel_submitted_at is not null as submitted, channel_refusal as refusal,
              channel_retry_at > now() as waiting, round(extract(epoch from channel_retry_at - now()))::int as wait_seconds
       from cards where id = $1`,
      [cardId],
    )
  ).rows[0];

const submitsFor = (cardId: number) => fake.received.filter((r) => r.kind === 'submit' && r.body.ref === String(cardId)).length;

/** The orders the card sweep would queue for a hand-over now. */
const ordersDue = () => ordersNotSubmitted(server.deps.database.db, server.deps.config.CARD_REQUEUE_AFTER_SECONDS, 1000);

/** Makes the card's back-off run out now, as the clock would. */
const backOffOver = (cardId: number) =>
  sql(`update cards set channel_retry_at = now() - interval '1 second', created_at = now() - interval '2 minutes' where id = $1`, [cardId]);

describe('a supplier refusing a card for good', () => {
  it('sends the card to a reviewer with the supplier’s reason, and never hands it over again', async () => {
    const { orderId, cardId } = await submittedCard();
    fake.respondWith((r) =>
      r.kind === 'submit' && r.body.ref === String(cardId)
        ? { status: 409, body: { error: 'refConflict', message: 'ref sent before with another card' } }
        : undefined,
    );
    try {
      expect(await submitOrderCards(server.deps, orderId)).toBe(0);
      expect(await handOverState(cardId)).toMatchObject({
        attempts: 1,
        submitted: false,
        refusal: 'supplier: refConflict: ref sent before with another card',
      });
      const seen = await getAdminCard(server.deps, cardId);
      expect(seen).toMatchObject({
        status: CardStatus.Unreviewed,
        channelRefusal: 'supplier: refConflict: ref sent before with another card',
      });
      const queue = await listCardsForReview(server.deps, { status: CardStatus.Unreviewed, page: 1, pageSize: 50 });
      expect(queue.list.find((c) => c.id === cardId)?.channelRefusal).toContain('refConflict');

      await backOffOver(cardId);
      expect(await ordersDue()).not.toContain(orderId);
      await submitOrderCards(server.deps, orderId);
      expect(submitsFor(cardId)).toBe(1);
    } finally {
      fake.respondWith(() => undefined);
    }
  });

  it('takes the supplier’s own refusal of a malformed card as final too', async () => {
    const { orderId, cardId } = await submittedCard();
    // The supplier's own check refuses a face value that is not a positive amount with 400 badRequest.
    await sql('update cards set declared_face_value_fen = 0 where id = $1', [cardId]);
    await submitOrderCards(server.deps, orderId);
    const state = await handOverState(cardId);
    expect(state).toMatchObject({ attempts: 1, submitted: false });
    expect(state.refusal).toMatch(/^supplier: badRequest/);
  });
});

describe('a supplier that does not answer usably', () => {
  it('is asked again after a growing wait, and the card goes to a reviewer after the last attempt', async () => {
    const { orderId, cardId } = await submittedCard();
    fake.respondWith((r) =>
      r.kind === 'submit' && r.body.ref === String(cardId) ? { status: 503, body: { error: 'unavailable' } } : undefined,
    );
    try {
      for (let attempt = 1; attempt < MAX_HAND_OVER_ATTEMPTS; attempt += 1) {
        await submitOrderCards(server.deps, orderId);
        const state = await handOverState(cardId);
        expect(state).toMatchObject({ attempts: attempt, submitted: false, refusal: null, waiting: true });
        expect(state.wait_seconds).toBeGreaterThan(handOverRetryDelaySeconds(attempt) - 30);
        expect(state.wait_seconds).toBeLessThanOrEqual(handOverRetryDelaySeconds(attempt));
        // Waiting: neither the job nor the poll asks again yet.
        await submitOrderCards(server.deps, orderId);
        expect(submitsFor(cardId)).toBe(attempt);
        expect(await ordersDue()).not.toContain(orderId);
        await backOffOver(cardId);
        expect(await ordersDue()).toContain(orderId);
      }
      await submitOrderCards(server.deps, orderId);
      const last = await handOverState(cardId);
      expect(last).toMatchObject({ attempts: MAX_HAND_OVER_ATTEMPTS, submitted: false, waiting: null });
      expect(last.refusal).toMatch(/^supplier: no usable answer after 8 attempts; last: .*HTTP 503/);
      expect((await getAdminCard(server.deps, cardId)).channelRefusal).toContain('no usable answer');
    } finally {
      fake.respondWith(() => undefined);
    }
  });

  it('hands the card over once the supplier answers again', async () => {
    const { orderId, cardId } = await submittedCard();
    fake.respondWith((r) =>
      r.kind === 'submit' && r.body.ref === String(cardId) ? { status: 502, body: { error: 'badGateway' } } : undefined,
    );
    await submitOrderCards(server.deps, orderId);
    fake.respondWith(() => undefined);
    await backOffOver(cardId);
    expect(await submitOrderCards(server.deps, orderId)).toBe(1);
    expect(await handOverState(cardId)).toMatchObject({ attempts: 1, submitted: true, refusal: null });
    expect((await getAdminCard(server.deps, cardId)).channelRefusal).toBeNull();
  });

  it('waits 1, 2, 4 … minutes between attempts, at most an hour', () => {
    expect(Array.from({ length: MAX_HAND_OVER_ATTEMPTS }, (_, i) => handOverRetryDelaySeconds(i + 1))).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});

describe('two jobs of one order at once', () => {
  it('hand each card over once: a card one job is handing over is not the other’s to send', async () => {
    const { code, data } = await submit(server, token, type.id, [freshCard(), freshCard(), freshCard()]);
    expect(code).toBe(Code.Ok);
    const { rows } = await sql('select id from cards where order_id = $1 order by line_no', [data.orderId]);
    const channel = server.deps.cardChannels.current;
    // The other job runs whole while the first is at its first card, as a sweep's job would beside a long order's.
    let other: Promise<number> | undefined;
    const interleaved: CardChannel = {
      name: channel.name,
      secret: channel.secret,
      query: (card) => channel.query(card),
      async submit(card) {
        other ??= submitOrderCards(server.deps, data.orderId);
        await other;
        return channel.submit(card);
      },
    };
    const cardChannels: CardChannels = {
      current: interleaved,
      byName: () => interleaved,
      setListeningUrl: () => undefined,
      stop: () => undefined,
    };
    const first = await submitOrderCards({ ...server.deps, cardChannels }, data.orderId);

    expect([first, await other]).toEqual([1, 2]);
    expect(rows.map((r) => submitsFor(r.id))).toEqual([1, 1, 1]);
    for (const r of rows) expect(await handOverState(r.id)).toMatchObject({ submitted: true, waiting: null });
  });
});
