/**
 * The rule "at most WITHDRAWAL_MAX_OPEN withdrawals open at once" as migration 0040 keeps it: a
 * count per user of the withdrawals for which withdrawal_open() holds, moved by a trigger in the
 * transaction that opens or closes one, and read by the creation in one row. The function writes
 * the open statuses in SQL, so they are checked here against openWithdrawalStatuses
 * (src/db/withdrawalStatuses.ts), status by status, through a real creation.
 */
import { Code, withdrawalStatusTable, WithdrawalStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, eventually, type TestServer } from '../../../test/harness';
import { credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import { openWithdrawalStatuses } from '../../db/withdrawalStatuses';
import { processPayout } from './payoutService';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { WITHDRAWAL_MAX_OPEN: '2' }, limitRules: { smsIpPerDay: 10_000 } });
});
const sql = (text: string, values: unknown[] = []) => server.deps.database.pool.query(text, values);

let phones = 0;
async function withdrawer() {
  phones += 1;
  const { token, userId } = await verifiedUser(server, `1371100${String(phones).padStart(4, '0')}`);
  const payeeId = await savePayee(server, token);
  await credit(server.deps, userId, 1_000_000);
  const extract = async () =>
    server.call('POST', '/api/cash/extract', { token, body: { amountFen: 1000, channel: 1, payeeId, idempotencyKey: newKey() } });
  return { userId, extract };
}

/** The user's count as kept, and as their withdrawals give it. */
async function counts(userId: number) {
  const { rows } = await sql(
    `select coalesce((select open from withdrawal_open_counts where user_id = $1), 0) as kept,
            (select count(*)::int from withdrawals where user_id = $1 and withdrawal_open(status)) as open`,
    [userId],
  );
  return rows[0] as { kept: number; open: number };
}

const statusCodes = withdrawalStatusTable.codes.filter((code) => code >= 0) as WithdrawalStatus[];

describe('open withdrawals, counted as they open and close', () => {
  it('follows every status change, a move to another user and a delete', async () => {
    const [user, other] = [await withdrawer(), await withdrawer()];
    expect((await user.extract()).code).toBe(200);
    const { rows } = await sql('select id from withdrawals where user_id = $1', [user.userId]);
    const id = rows[0].id as number;
    for (const from of statusCodes) {
      for (const to of statusCodes) {
        await sql('update withdrawals set status = $1 where id = $2', [from, id]);
        await sql('update withdrawals set status = $1 where id = $2', [to, id]);
        expect(await counts(user.userId)).toEqual({
          kept: Number(openWithdrawalStatuses.includes(to)),
          open: Number(openWithdrawalStatuses.includes(to)),
        });
      }
    }
    await sql('update withdrawals set status = 0, user_id = $1 where id = $2', [other.userId, id]);
    expect([await counts(user.userId), await counts(other.userId)]).toEqual([
      { kept: 0, open: 0 },
      { kept: 1, open: 1 },
    ]);
    const client = await server.deps.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('delete from withdrawals where id = $1', [id]);
      const { rows: kept } = await client.query('select open from withdrawal_open_counts where user_id = $1', [other.userId]);
      expect(kept[0].open).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it.each(statusCodes)('a withdrawal in status %i counts against the limit exactly when it is open', async (status) => {
    const user = await withdrawer();
    for (let i = 0; i < 2; i += 1) expect((await user.extract()).code).toBe(200);
    await sql('update withdrawals set status = $1 where id = (select min(id) from withdrawals where user_id = $2)', [status, user.userId]);
    const third = await user.extract();
    expect(third.code).toBe(openWithdrawalStatuses.includes(status) ? Code.WithdrawalAlreadyOpen : 200);
  });

  it('weighs only the open ones, however many closed ones the user has', async () => {
    const user = await withdrawer();
    for (let i = 0; i < 5; i += 1) {
      expect((await user.extract()).code).toBe(200);
      await sql('update withdrawals set status = 1 where user_id = $1', [user.userId]);
    }
    expect((await user.extract()).code).toBe(200);
    expect((await user.extract()).code).toBe(200);
    expect((await user.extract()).code).toBe(Code.WithdrawalAlreadyOpen);
  });

  it('weighs a long history by its count alone', async () => {
    // A platform's history: one user with many paid withdrawals, another with many open ones.
    const [paidMany, openMany] = [await withdrawer(), await withdrawer()];
    for (const [user, status] of [
      [paidMany, 1],
      [openMany, 0],
    ] as const) {
      expect((await user.extract()).code).toBe(200);
      await sql(
        `insert into withdrawals select (jsonb_populate_record(null::withdrawals, to_jsonb(w) || jsonb_build_object(
           'id', nextval('withdrawals_id_seq'), 'order_no', 'B' || w.id || '-' || g, 'out_biz_no', 'B' || w.id || '-' || g,
           'idempotency_key', 'bulk-' || g, 'status', $2::int))).*
         from withdrawals w, generate_series(1, 500) g where w.user_id = $1`,
        [user.userId, status],
      );
    }
    expect(await counts(paidMany.userId)).toEqual({ kept: 1, open: 1 });
    expect(await counts(openMany.userId)).toEqual({ kept: 501, open: 501 });
    expect((await paidMany.extract()).code).toBe(200);
    expect((await paidMany.extract()).code).toBe(Code.WithdrawalAlreadyOpen);
    expect((await openMany.extract()).code).toBe(Code.WithdrawalAlreadyOpen);
  });

  it("is locked by a payout's outcome after the seller's accounts, in the order a creation takes them", async () => {
    const user = await withdrawer();
    const created = await user.extract();
    expect(created.code).toBe(200);
    const id = created.data.withdrawal.id as number;
    // A creation of the same seller, under way: it holds the accounts and will write the count next.
    const creation = await server.deps.database.pool.connect();
    try {
      await creation.query('begin');
      await creation.query(
        `select id from ledger_accounts where user_id = $1 and kind in ('user_available', 'user_held') order by id for update`,
        [user.userId],
      );
      const payout = processPayout(server.deps, id);
      // The outcome has come to the hold and waits for the accounts...
      await eventually(
        async () =>
          (
            await sql(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and query like '%ledger_resolve_hold%'`,
            )
          ).rows[0].n === 1,
      );
      // ...holding nothing the creation takes after them: the count is free, and the creation finishes.
      await creation.query('select open from withdrawal_open_counts where user_id = $1 for update nowait', [user.userId]);
      await creation.query('commit');
      await payout;
    } finally {
      await creation.query('rollback');
      creation.release();
    }
    const { rows } = await sql('select status from withdrawals where id = $1', [id]);
    expect(rows[0].status).toBe(WithdrawalStatus.Paid);
    expect(await counts(user.userId)).toEqual({ kept: 0, open: 0 });
  });
});
