import { contract, type AdminDashboard } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { callApi } from '../../../test/callApi';
import type { TestServer } from '../../../test/harness';
import { bankPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { creditCard } from '../cards';
import { adminCall, consoleServer, expectRoleMatrix } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
let type: CardTypeFixture;
beforeAll(async () => {
  ({ server, ops } = await consoleServer());
  type = await createCardType(server);
});

const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const dashboard = async (token = ops.admin): Promise<AdminDashboard> =>
  (await callApi(server, contract.operators.dashboard, { token })).data;
const shanghaiDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);

/** After minus before, field by field. */
function delta<T extends Record<string, unknown>>(after: T, before: T): Record<keyof T, number> {
  return Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] as number) - (before[k] as number)])) as Record<keyof T, number>;
}

async function submitCards(token: string, n: number): Promise<number[]> {
  const { data } = await submit(
    server,
    token,
    type.id,
    Array.from({ length: n }, () => freshCard()),
  );
  return (await sql('select id from cards where order_id = $1 order by line_no', [data.orderId])).rows.map((r) => r.id as number);
}

async function bankWithdrawal(phone: string, amountFen: number) {
  const seller = await verifiedUser(server, phone);
  await credit(server.deps, seller.userId, 500_000);
  const payeeId = await savePayee(server, seller.token, bankPayee);
  return server.call('POST', '/api/cash/extract', {
    token: seller.token,
    body: { amountFen, channel: 3, payeeId, idempotencyKey: newKey() },
  });
}

describe('admin dashboard', () => {
  it('is open to every operator role', async () => {
    await expectRoleMatrix(server, ops, ['admin', 'reviewer', 'finance', 'support'], [['GET', '/api/admin/dashboard']]);
  });

  it('covers the last 14 Shanghai days, oldest first, today last and equal to the today figures', async () => {
    const d = await dashboard(ops.support);
    expect(d.trend).toHaveLength(14);
    expect(d.trend.at(-1)!.date).toBe(shanghaiDate(new Date()));
    const days = d.trend.map((t) => Date.parse(`${t.date}T00:00:00Z`));
    for (let i = 1; i < days.length; i += 1) expect(days[i]! - days[i - 1]!).toBe(86_400_000);
    const last = d.trend.at(-1)!;
    expect(last).toMatchObject({
      cardsSubmitted: d.today.cardsSubmitted,
      cardsPassed: d.today.cardsPassed,
      creditedFen: d.today.creditedFen,
      newUsers: d.today.newUsers,
    });
  });

  it('counts submitted, passed and credited cards, paid withdrawals, new users and the queues', async () => {
    const before = await dashboard();
    const { token } = await verifiedUser(server, '13900000001');
    const [passed, , appealed] = await submitCards(token, 3);
    expect((await adminCall(server, ops.reviewer, 'POST', `/api/admin/cards/${passed}/approve`, {})).code).toBe(200);
    expect(await creditCard(server.deps, passed!)).toBe('credited');
    await adminCall(server, ops.reviewer, 'POST', `/api/admin/cards/${appealed}/reject`, { reason: '卡密错误' });
    expect(
      (await server.call('POST', '/api/order/appeal', { token, body: { cardId: appealed, reason: '卡密确认无误，请复核' } })).code,
    ).toBe(200);

    const [paidOne, waitingOne] = [await bankWithdrawal('13900000002', 20_000), await bankWithdrawal('13900000003', 30_000)];
    expect(waitingOne.code).toBe(200);
    const id = paidOne.data.withdrawal.id as number;
    await adminCall(server, ops.finance, 'POST', `/api/admin/withdrawals/${id}/approve`);
    expect((await adminCall(server, ops.finance, 'POST', `/api/admin/withdrawals/${id}/offlinePaid`)).code).toBe(200);

    const after = await dashboard();
    const settlementFen = (await sql('select settlement_fen from cards where id = $1', [passed])).rows[0].settlement_fen as number;
    expect(delta(after.today, before.today)).toEqual({
      cardsSubmitted: 3,
      cardsPassed: 1,
      cardsCredited: 1,
      creditedFen: Number(settlementFen),
      withdrawalsPaidCount: 1,
      withdrawalsPaidFen: 20_000,
      newUsers: 3,
    });
    expect(delta(after.queues, before.queues)).toEqual({ review: 1, appeals: 1, withdrawalsAwaitingApproval: 1, feedbackPending: 0 });
  });

  it('puts a row on the Shanghai day it happened, not the UTC one', async () => {
    const before = await dashboard();
    const midnight = new Date(`${shanghaiDate(new Date())}T00:00:00+08:00`);
    // One minute after Shanghai midnight is still "yesterday" in UTC; one minute before is yesterday in Shanghai.
    await sql(
      `insert into users (phone, nickname, invite_code, created_at) values ('13900000101', 'a', 'TZ0001', $1), ('13900000102', 'b', 'TZ0002', $2)`,
      [new Date(midnight.getTime() + 60_000), new Date(midnight.getTime() - 60_000)],
    );
    const after = await dashboard();
    expect(after.today.newUsers - before.today.newUsers).toBe(1);
    expect(after.trend.at(-2)!.newUsers - before.trend.at(-2)!.newUsers).toBe(1);
  });
});
