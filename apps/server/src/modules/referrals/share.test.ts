import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { creditRebateForCard } from './rebateService';
import { creditedCard, markRebateReversed, signUp } from '../../../test/referralFixtures';

let server: TestServer;
let phone = 13730000000;
const nextPhone = () => String((phone += 1));
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 }, env: { PUBLIC_URL: 'https://maika.example.com/' } });
});

/** A card of the referee credited at settlementFen, with its rebate at 10%. */
async function sell(refereeId: number, settlementFen: number) {
  const cardId = await creditedCard(server, refereeId, settlementFen);
  await server.deps.database.db.transaction((tx) =>
    creditRebateForCard(tx, { rebateRateBp: 1000 }, { cardId, refereeUserId: refereeId, settlementFen }),
  );
  return cardId;
}

describe('GET /api/share/getInfo', () => {
  it('gives the invite code, a link to the home page carrying it, the rate and the totals', async () => {
    const a = await signUp(server, nextPhone());
    const info = await server.call('GET', '/api/share/getInfo', { token: a.token });
    expect(info).toMatchObject({
      code: 200,
      data: { inviteCode: a.inviteCode, rebateRateBp: 100, levelUserCount: 0, rebateTotalFen: 0, rebateMonthFen: 0 },
    });
    expect(info.data.inviteUrl).toBe(`https://maika.example.com/#/pages/home/home?p=${a.inviteCode}`);

    const b = await signUp(server, nextPhone(), a.inviteCode);
    await signUp(server, nextPhone(), a.inviteCode);
    await sell(b.id, 10_000);
    const reversed = await sell(b.id, 5_000);
    await markRebateReversed(server, reversed);
    const after = (await server.call('GET', '/api/share/getInfo', { token: a.token })).data;
    expect(after).toMatchObject({ levelUserCount: 2, rebateTotalFen: 1_000, rebateMonthFen: 1_000 });
  });

  it('needs a logged-in user', async () => {
    expect((await server.call('GET', '/api/share/getInfo')).code).toBe(Code.NotLoggedIn);
    expect((await server.call('GET', '/api/share/levelUsers')).code).toBe(Code.NotLoggedIn);
    expect((await server.call('GET', '/api/share/details')).code).toBe(Code.NotLoggedIn);
  });
});

describe('GET /api/share/levelUsers and /api/share/details', () => {
  it("list only the caller's own direct referees and rebates, with masked phones", async () => {
    const a = await signUp(server, nextPhone());
    const other = await signUp(server, nextPhone());
    const b = await signUp(server, nextPhone(), a.inviteCode);
    const c = await signUp(server, nextPhone(), a.inviteCode);
    const grandchild = await signUp(server, nextPhone(), b.inviteCode);
    const foreign = await signUp(server, nextPhone(), other.inviteCode);
    const cardOfB = await sell(b.id, 10_000);
    await sell(b.id, 20_000);
    await sell(grandchild.id, 30_000);
    await sell(foreign.id, 40_000);

    const level = await server.call('GET', '/api/share/levelUsers?page=1&pageSize=20', { token: a.token });
    expect(level.data.total).toBe(2);
    expect(level.data.list.map((u: { id: number }) => u.id)).toEqual([c.id, b.id]);
    expect(level.data.list[1]).toMatchObject({ phone: `${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`, cardCount: 2, rebateFen: 3_000 });
    expect(level.data.list[0]).toMatchObject({ cardCount: 0, rebateFen: 0 });

    const details = await server.call('GET', '/api/share/details?page=1&pageSize=1', { token: a.token });
    expect(details.data).toMatchObject({ total: 2, totalFen: 3_000 });
    expect(details.data.list).toHaveLength(1);
    const page2 = await server.call('GET', '/api/share/details?page=2&pageSize=1', { token: a.token });
    expect(page2.data.list[0]).toMatchObject({
      cardId: cardOfB,
      refereePhone: `${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`,
      goodsName: '移动充值卡',
      settlementFen: 10_000,
      rebateFen: 1_000,
      status: 'credited',
    });

    const otherView = await server.call('GET', '/api/share/details', { token: other.token });
    expect(otherView.data.list.map((d: { cardId: number }) => d.cardId)).not.toContain(cardOfB);
    expect(otherView.data.total).toBe(1);
    expect((await server.call('GET', '/api/share/levelUsers', { token: other.token })).data.list.map((u: { id: number }) => u.id)).toEqual([
      foreign.id,
    ]);
  });

  it('refuses a bad page size with a message naming the field', async () => {
    const a = await signUp(server, nextPhone());
    const res = await server.call('GET', '/api/share/details?pageSize=1000', { token: a.token });
    expect(res.code).toBe(Code.InvalidInput);
    expect(res.msg).toMatch(/pageSize/);
  });
});
