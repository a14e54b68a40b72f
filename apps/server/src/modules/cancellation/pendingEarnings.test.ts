/**
 * An account that may still be credited is not cancelled: cards a reviewer or a channel may yet
 * pass, passed cards not credited yet, and second approvals waiting on the user's cards or balance.
 * And whatever happens, no credit lands on a cancelled account.
 */
import { CardStatus, Code, contract, SettlementStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, newKey, type TestServer } from '../../../test/harness';
import { createCardType, freshCard, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { operator } from '../../../test/console';
import { callApi } from '../../../test/callApi';
import { AccountCancelled, accountBalances, creditUser, LedgerReason } from '../ledger';
import { creditCard } from '../cards';

let server: TestServer;
let type: CardTypeFixture;
let phone = 13740000000;
const sql = async (text: string, params: unknown[] = []) => (await server.deps.database.pool.query(text, params)).rows;

beforeAll(async () => {
  server = await createTestServer({ env: { ADJUSTMENT_SECOND_APPROVAL_FEN: '1000' }, limitRules: { smsIpPerDay: 10_000 } });
  type = await createCardType(server);
});

/** A user with one submitted card, moved by hand to the given card and settlement status. */
async function userWithCard(status: number, settlementStatus: number = SettlementStatus.NotCredited) {
  const token = await server.login(String((phone += 1)));
  const { data } = await submit(server, token, type.id, [freshCard()]);
  const [card] = await sql('select id, user_id from cards where order_id = $1', [data.orderId]);
  await sql('update cards set status = $1, settlement_status = $2, settlement_fen = 9500 where id = $3', [
    status,
    settlementStatus,
    card.id,
  ]);
  return { token, userId: Number(card.user_id), cardId: Number(card.id) };
}

const cancel = (token: string, language = 'en-US') =>
  server.call('GET', '/api/Authentication/cancel', { token, headers: { 'accept-language': language } });
const status = async (userId: number) => (await sql('select status from users where id = $1', [userId]))[0].status as string;

describe('cancelling an account that may still be credited', () => {
  it('is refused while a card is not activated, naming how many, in both languages', async () => {
    const { token, userId } = await userWithCard(CardStatus.NotActivated);
    expect(await cancel(token)).toMatchObject({
      code: Code.CancelBlockedByPendingEarnings,
      msg: 'Money may still be credited for cards not activated (1); wait until they are settled, or contact customer service, before cancelling the account',
    });
    expect(await cancel(token, 'zh-CN')).toMatchObject({
      code: Code.CancelBlockedByPendingEarnings,
      msg: '还有可能入账的未激活的卡（1张），请等待处理完成或联系客服后再注销',
    });
    expect(await status(userId)).toBe('active');
  });

  it('is refused while a card is abnormal', async () => {
    const { token, userId } = await userWithCard(CardStatus.Abnormal);
    expect(await cancel(token)).toMatchObject({
      code: Code.CancelBlockedByPendingEarnings,
      msg: expect.stringContaining('abnormal cards (1)'),
    });
    expect(await status(userId)).toBe('active');
  });

  it('is refused while a passed card waits for its credit, or its settlement is frozen', async () => {
    for (const settlement of [SettlementStatus.NotCredited, SettlementStatus.PendingCredit, SettlementStatus.Frozen]) {
      const { token, userId } = await userWithCard(CardStatus.Passed, settlement);
      const answer = await cancel(token);
      expect(answer, `settlement ${settlement}`).toMatchObject({
        code: Code.CancelBlockedByPendingEarnings,
        msg: expect.stringContaining('cards whose settlement is pending or frozen (1)'),
      });
      expect(await status(userId)).toBe('active');
    }
  });

  it("is refused while a second approval waits on one of the user's cards", async () => {
    // A rejected card earns nothing by itself; an operator's pending request to pass it might.
    const { token, userId, cardId } = await userWithCard(CardStatus.Rejected);
    await operator(server, 'reviewer');
    const [{ id: requester }] = await sql(`select id from admins order by id limit 1`);
    await sql(
      `insert into second_approvals (kind, target_id, amount_fen, payload, requested_by) values ('card.appeal', $1, 9500, '{}'::jsonb, $2)`,
      [cardId, requester],
    );
    expect(await cancel(token)).toMatchObject({
      code: Code.CancelBlockedByPendingEarnings,
      msg: expect.stringContaining('operations awaiting a second approval (1)'),
    });
    expect(await status(userId)).toBe('active');
  });

  it('is refused while a balance adjustment of the user waits for its second approver, and names every kind open', async () => {
    const { token, userId } = await userWithCard(CardStatus.Abnormal);
    const finance = await operator(server, 'finance');
    const requested = await callApi(server, contract.withdrawals.adjust, {
      token: finance,
      params: { id: userId },
      body: { amountFen: 5_000, reason: '补发结算', idempotencyKey: newKey() },
      headers: { 'accept-language': 'en-US' },
    });
    expect(requested.data.pendingApprovalId).not.toBeNull();
    expect(await cancel(token)).toMatchObject({
      code: Code.CancelBlockedByPendingEarnings,
      msg: expect.stringContaining('abnormal cards (1), operations awaiting a second approval (1)'),
    });
    expect(await cancel(token, 'zh-CN')).toMatchObject({ msg: expect.stringContaining('异常的卡（1张）、待复核的操作（1项）') });
    expect(await status(userId)).toBe('active');
  });

  it('goes through when the only card was rejected for good', async () => {
    const { token, userId } = await userWithCard(CardStatus.Rejected);
    expect((await cancel(token)).code).toBe(Code.Ok);
    expect(await status(userId)).toBe('cancelled');
  });
});

describe('a credit to a cancelled account', () => {
  it('is never posted: the card stays pending credit and the balance stays empty', async () => {
    const { userId, cardId } = await userWithCard(CardStatus.Passed, SettlementStatus.PendingCredit);
    // As if cancelled before the card could be counted (or by a hand-written fix).
    await sql(`update users set status = 'cancelled' where id = $1`, [userId]);
    expect(await creditCard(server.deps, cardId)).toBe('skipped');
    expect((await sql('select settlement_status from cards where id = $1', [cardId]))[0].settlement_status).toBe(
      SettlementStatus.PendingCredit,
    );
    expect(await accountBalances(server.deps.database.db, userId)).toEqual({ availableFen: 0, heldFen: 0 });
    expect(await sql(`select count(*)::int as n from ledger_transfers where idempotency_key = $1`, [`card:${cardId}:settlement`])).toEqual([
      { n: 0 },
    ]);
  });

  it('is refused when an operator adjusts the balance up, saying the account is cancelled; a debit is not a credit', async () => {
    const { userId } = await userWithCard(CardStatus.Rejected);
    await sql(`update users set status = 'cancelled' where id = $1`, [userId]);
    const finance = await operator(server, 'finance');
    const adjust = (amountFen: number) =>
      callApi(server, contract.withdrawals.adjust, {
        token: finance,
        params: { id: userId },
        body: { amountFen, reason: '补发结算', idempotencyKey: newKey() },
        headers: { 'accept-language': 'en-US' },
      });
    expect(await adjust(500)).toMatchObject({
      code: Code.AdjustmentAccountCancelled,
      msg: expect.stringContaining('has cancelled their account, so nothing can be credited'),
    });
    expect(await accountBalances(server.deps.database.db, userId)).toEqual({ availableFen: 0, heldFen: 0 });
    expect((await adjust(-1)).code).toBe(Code.AdjustmentExceedsBalance);
  });

  it('is refused by the ledger itself, whoever asks for it', async () => {
    const { userId } = await userWithCard(CardStatus.Rejected);
    await sql(`update users set status = 'cancelled' where id = $1`, [userId]);
    const direct = server.deps.database.db.transaction((tx) =>
      creditUser(tx, { key: newKey(), userId, amountFen: 100, reason: LedgerReason.Rebate, from: 'rebates' }),
    );
    await expect(direct).rejects.toBeInstanceOf(AccountCancelled);
    expect(await accountBalances(server.deps.database.db, userId)).toEqual({ availableFen: 0, heldFen: 0 });
  });
});
