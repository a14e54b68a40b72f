/**
 * Writes that meet a unique index when two requests race: each must answer a business code,
 * never a server error (harness `call` throws on any HTTP status but 200).
 */
import { CardStatus, Code, PayeeChannel } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, type CardTypeFixture } from './cardFixtures';
import { createTestServer, newKey, type TestServer } from './harness';

let server: TestServer;
let type: CardTypeFixture;
let phoneSeq = 0;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const nextPhone = () => `1390000${String((phoneSeq += 1)).padStart(4, '0')}`;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  server = await createTestServer();
  type = await createCardType(server);
});

/** A rejected copy of `card` in an order of the user's; the id of the card row. */
async function rejectedCopy(token: string, card: { cardNo: string; cardPwd: string }): Promise<number> {
  const submitted = await submit(server, token, type.id, [card]);
  expect(submitted.code).toBe(Code.Ok);
  const { rows } = await sql(`update cards set status = $1, reject_reason = 'issuer says used' where order_id = $2 returning id`, [
    CardStatus.Rejected,
    submitted.data.orderId,
  ]);
  return rows[0].id;
}

const appeal = (token: string, cardId: number, headers: Record<string, string> = en) =>
  server.call('POST', '/api/order/appeal', { token, body: { cardId, reason: 'the card was unused when I sent it' }, headers });

describe('appeal of a card whose twin is live', () => {
  it('refuses the appeal when another copy of the card is already back in play', async () => {
    const [alice, bob] = [await server.login(nextPhone()), await server.login(nextPhone())];
    const card = freshCard();
    const first = await rejectedCopy(alice, card);
    const second = await rejectedCopy(bob, card);
    expect((await appeal(alice, first)).code).toBe(Code.Ok);
    const refused = await appeal(bob, second);
    expect(refused).toMatchObject({ code: Code.CardTwinLive, msg: 'This card is already being handled in another submission, so it cannot be appealed here' });
    expect((await appeal(bob, second, { 'accept-language': 'zh-CN' })).msg).toBe('这张卡已在另一笔提交中处理，不能在此申诉');
    const { rows } = await sql('select status, appealed_at from cards where id = $1', [second]);
    expect(rows[0]).toMatchObject({ status: CardStatus.Rejected, appealed_at: null });
  });

  it('lets exactly one of two simultaneous appeals of the same card through', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [alice, bob] = [await server.login(nextPhone()), await server.login(nextPhone())];
      const card = freshCard();
      const first = await rejectedCopy(alice, card);
      const second = await rejectedCopy(bob, card);
      const answers = await Promise.all([appeal(alice, first), appeal(bob, second)]);
      expect(answers.map((a) => a.code).sort()).toEqual([Code.Ok, Code.CardTwinLive].sort());
      const { rows } = await sql('select count(*)::int as n from cards where id = any($1) and status = $2', [[first, second], CardStatus.UnderAppeal]);
      expect(rows[0].n).toBe(1);
    }
  });
});
