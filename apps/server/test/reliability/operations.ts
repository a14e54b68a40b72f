/**
 * The random operations of a reliability run, each as a client or the card supplier would send
 * it, to whichever server is up: card submissions, signed channel callbacks (re-deliveries and
 * replays), withdrawals (and their idempotent repeats), and admin balance adjustments. Credits,
 * rebates and payouts follow from them in the workers.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { simVerdict } from '../../src/providers/channel/sim';
import { call, signedCallback, type Acknowledged, type Random, type SubmittedCard } from './client';
import type { ManagedProcess } from './cluster';

export interface RunUser {
  id: number;
  token: string;
  device: string;
  payeeId: number;
}

export interface World {
  servers: ManagedProcess[];
  rng: Random;
  pool: Pool;
  adminToken: string;
  users: RunUser[];
  goodsId: number;
  channelSecret: string;
  acked: Acknowledged;
}

export const FACE_VALUE_FEN = 10_000;
/** Password endings the card simulator reads: pass, rejected, not activated, abnormal, half, double. */
const ENDINGS = ['9876', '9876', '9876', '0000', '1111', '2222', '5050', '2020'] as const;
let cardSerial = 0;

/** A serving server, chosen at random; waits while every one is down (one restarts soon). */
async function anyServer(world: World): Promise<string> {
  for (;;) {
    const live = world.servers.filter((s) => s.ready());
    if (live.length) return world.rng.pick(live).url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function submitCards(world: World): Promise<void> {
  const { rng } = world;
  const user = rng.pick(world.users);
  const cards = Array.from({ length: rng.int(1, 4) }, () => {
    cardSerial += 1;
    const serial = `${process.pid}${cardSerial}`.padStart(10, '0');
    return { cardNo: `6${serial.padStart(15, '7')}`.slice(0, 16), cardPwd: `${serial}${rng.pick(ENDINGS)}` };
  });
  const body = {
    goodsId: world.goodsId,
    faceValueFen: FACE_VALUE_FEN,
    cards,
    idempotencyKey: `rel-${randomBytes(8).toString('hex')}`,
    agree: true,
  };
  const answer = await call(await anyServer(world), 'POST', '/api/order/submit', { token: user.token, device: user.device, body });
  if (answer?.code === 200) {
    world.acked.orders.set(
      answer.data.orderId,
      cards.map((c): SubmittedCard => ({ pwd: c.cardPwd, declaredFen: FACE_VALUE_FEN })),
    );
  }
}

/** Sends the supplier's verdict on a card: what it sends when it retries a callback. */
export async function deliverVerdict(world: World, cardId: number, card: SubmittedCard, replay: boolean): Promise<void> {
  const verdict = simVerdict({
    ref: String(cardId),
    cardNo: null,
    cardPwd: card.pwd,
    faceValueFen: card.declaredFen,
    cardTypeId: world.goodsId,
  });
  const signed = signedCallback(world.channelSecret, verdict, randomBytes(12).toString('hex'));
  const first = await call(await anyServer(world), 'POST', '/api/channel/callback/sim', signed);
  if (!replay) return;
  // The same request again, nonce and all: a captured callback replayed must be refused.
  const again = await call(await anyServer(world), 'POST', '/api/channel/callback/sim', signed);
  if (first?.code === 200 && again?.code === 200) world.acked.acceptedReplays.push(`card ${cardId} nonce ${signed.headers['x-nonce']}`);
}

async function redeliverCallback(world: World): Promise<void> {
  const orders = [...world.acked.orders.keys()];
  if (!orders.length) return;
  const orderId = world.rng.pick(orders);
  const { rows } = await world.pool.query<{ id: string }>('select id from cards where order_id = $1 order by line_no, id', [orderId]);
  const index = world.rng.int(0, rows.length - 1);
  const card = world.acked.orders.get(orderId)![index];
  if (rows[index] && card) await deliverVerdict(world, Number(rows[index].id), card, world.rng.chance(0.5));
}

async function withdraw(world: World): Promise<void> {
  const { rng } = world;
  const user = rng.pick(world.users);
  const body = {
    amountFen: rng.int(10, 40) * 100,
    channel: 1,
    payeeId: user.payeeId,
    idempotencyKey: `rel-${randomBytes(8).toString('hex')}`,
  };
  const first = await call(await anyServer(world), 'POST', '/api/cash/extract', { token: user.token, device: user.device, body });
  if (first?.code !== 200) return;
  const id = first.data.withdrawal.id as number;
  world.acked.withdrawals.set(id, { userId: user.id, amountFen: body.amountFen, key: body.idempotencyKey });
  if (rng.chance(0.3)) {
    // A client that never saw the answer sends the same request again, maybe to the other server.
    const again = await call(await anyServer(world), 'POST', '/api/cash/extract', { token: user.token, device: user.device, body });
    if (again?.code === 200) world.acked.repeats.push([id, again.data.withdrawal.id as number]);
  }
}

async function adjust(world: World): Promise<void> {
  const { rng } = world;
  const user = rng.pick(world.users);
  const amountFen = (rng.chance(0.6) ? 1 : -1) * rng.int(1, 30) * 100;
  const idempotencyKey = `rel-${randomBytes(8).toString('hex')}`;
  const answer = await call(await anyServer(world), 'POST', `/api/admin/users/${user.id}/adjust`, {
    admin: world.adminToken,
    body: { amountFen, reason: 'reliability run correction', idempotencyKey },
  });
  if (answer?.code === 200) world.acked.adjustments.set(answer.data.transferId, { userId: user.id, amountFen });
}

const operations: [weight: number, run: (world: World) => Promise<void>][] = [
  [40, submitCards],
  [25, redeliverCallback],
  [25, withdraw],
  [10, adjust],
];
const totalWeight = operations.reduce((sum, [w]) => sum + w, 0);

export async function randomOperation(world: World): Promise<void> {
  let roll = world.rng.next() * totalWeight;
  for (const [weight, run] of operations) {
    roll -= weight;
    if (roll < 0) return run(world);
  }
}
