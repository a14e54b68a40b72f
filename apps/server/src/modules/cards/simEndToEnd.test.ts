import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, settledOrder, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { captureLogs, createTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let type: CardTypeFixture;
const logs = captureLogs();

/** As `npm start` runs it: listening on a real port, workers on, logging at debug. */
beforeAll(async () => {
  server = await createTestServer({ env: { CHANNEL_SIM_DELAY_MS: '20' }, cardWorker: true, listen: true, logger: logs.logger });
  type = await createCardType(server);
});

describe('the card simulator end to end', () => {
  it('submits, verifies through a signed HTTP callback and credits the balance', async () => {
    const token = await server.login('13800000021');
    const cards = [freshCard('9876'), freshCard('5050'), freshCard('0000')];
    const { code, data } = await submit(server, token, type.id, cards);
    expect(code).toBe(Code.Ok);
    const detail = await settledOrder(server, token, data.orderId);
    const [full, half, used] = detail.data.order.cards;
    expect(full).toMatchObject({ status: 1, settlementStatus: 2, actualFaceValueFen: 10_000, settlementFen: 9500 });
    expect(half).toMatchObject({ status: 1, settlementStatus: 2, actualFaceValueFen: 5_000, settlementFen: 4500 });
    expect(used).toMatchObject({ status: 2, rejectReason: '卡密已被使用', canAppeal: true });
    expect(detail.data.order).toMatchObject({ passedCount: 2, settledFen: 14_000 });
    const account = await server.call('GET', '/api/cash/getAccount', { token });
    expect(account.data.availableFen).toBe(14_000);
    expect(logs.text()).toContain('/api/channel/callback/sim');
    const nonces = await server.deps.database.pool.query(`select count(*)::int as n from channel_nonces where channel = 'sim'`);
    expect(nonces.rows[0].n).toBe(3);
    for (const c of cards) {
      expect(logs.text()).not.toContain(c.cardNo);
      expect(logs.text()).not.toContain(c.cardPwd);
    }
  });
});
