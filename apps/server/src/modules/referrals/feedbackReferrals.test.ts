import { Code, FeedbackCategory } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness';
import type { AdminRole } from '../../db/schema';
import { creditRebateForCard } from './rebateService';
import { creditedCard, markRebateReversed, signUp } from '../../../test/referralFixtures';
import { adminCall, consoleServer, expectRoleMatrix } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
let phone = 13750000000;
const nextPhone = () => String((phone += 1));

beforeAll(async () => {
  ({ server, ops } = await consoleServer());
});

const auditOf = async (action: string) =>
  (await server.deps.database.pool.query('select target_type, target_id, detail from audit_log where action = $1 order by id', [action]))
    .rows;

async function feedbackOf(content: string) {
  const user = await signUp(server, nextPhone());
  const sent = await server.call('POST', '/api/feedback/add', { token: user.token, body: { category: FeedbackCategory.Home, content } });
  return { user, id: sent.data.id as number };
}

describe('admin routes for feedback and referrals', () => {
  it('open feedback to support and administrators, referral reads to finance and administrators, the rate to administrators', async () => {
    const { id } = await feedbackOf('role matrix');
    // Allowed roles get past the guard (the writes here carry invalid bodies, so nothing changes).
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'support'],
      [
        ['GET', '/api/admin/feedback'],
        ['GET', `/api/admin/feedback/${id}`],
        ['POST', `/api/admin/feedback/${id}/reply`, { reply: 'x'.repeat(501), status: 1 }],
      ],
    );
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'finance'],
      [
        ['GET', '/api/admin/referrals'],
        ['GET', '/api/admin/rebates'],
      ],
    );
    await expectRoleMatrix(server, ops, ['admin'], [['PUT', '/api/admin/settings/rebateRate', { rateBp: 3001 }]]);
  });
});

describe('feedback answers', () => {
  it('lists feedback by filters, and the reply is what the user then reads', async () => {
    const { user, id } = await feedbackOf('the order page is blank');
    const list = await adminCall(
      server,
      ops.support,
      'GET',
      `/api/admin/feedback?status=0&category=${FeedbackCategory.Home}&phone=${user.phone.slice(-6)}`,
    );
    expect(list.data.list.map((f: { id: number }) => f.id)).toEqual([id]);
    expect(list.data.list[0]).toMatchObject({ userId: user.id, userPhone: user.phone, status: 0, repliedBy: null });
    expect((await adminCall(server, ops.support, 'GET', '/api/admin/feedback?status=1&phone=' + user.phone)).data.total).toBe(0);

    const reply = await adminCall(server, ops.support, 'POST', `/api/admin/feedback/${id}/reply`, {
      reply: " Fixed in today's release ",
      status: 1,
    });
    expect(reply).toMatchObject({
      code: 200,
      data: { id, status: 1, reply: "Fixed in today's release", repliedBy: expect.stringMatching(/^support/) },
    });
    const seen = await server.call('GET', `/api/feedback/detail?id=${id}`, { token: user.token });
    expect(seen.data).toMatchObject({ status: 1, reply: "Fixed in today's release", repliedAt: expect.any(String) });
    expect(await auditOf('feedback.reply')).toContainEqual(expect.objectContaining({ target_type: 'feedback', target_id: String(id) }));

    const again = await adminCall(server, ops.admin, 'POST', `/api/admin/feedback/${id}/reply`, { reply: 'second', status: 2 });
    expect(again.code).toBe(Code.FeedbackAlreadyAnswered);
    expect(again.msg).toMatch(/already answered \(已采纳 \/ Accepted\)/);
  });

  it('refuses a missing feedback, an empty reply and a status other than accepted or rejected', async () => {
    const { id } = await feedbackOf('bad replies');
    expect((await adminCall(server, ops.support, 'POST', '/api/admin/feedback/99999999/reply', { reply: 'ok', status: 1 })).code).toBe(
      Code.NotFound,
    );
    expect((await adminCall(server, ops.support, 'GET', '/api/admin/feedback/99999999')).code).toBe(Code.NotFound);
    expect((await adminCall(server, ops.support, 'POST', `/api/admin/feedback/${id}/reply`, { reply: ' ', status: 1 })).msg).toBe(
      'reply: must not be empty: write the answer the user will read',
    );
    expect((await adminCall(server, ops.support, 'POST', `/api/admin/feedback/${id}/reply`, { reply: 'ok', status: 0 })).msg).toBe(
      'status: must be 1 (accepted) or 2 (rejected)',
    );
    expect((await adminCall(server, ops.support, 'GET', `/api/admin/feedback/${id}`)).data.status).toBe(0);
  });
});

describe('referrals, rebates and the rate', () => {
  it('list who referred whom and the rebates, filtered by phone and status', async () => {
    const referrer = await signUp(server, nextPhone());
    const referee = await signUp(server, nextPhone(), referrer.inviteCode);
    const cardId = await creditedCard(server, referee.id, 10_000);
    const kept = await creditedCard(server, referee.id, 20_000);
    await server.deps.database.db.transaction(async (tx) => {
      await creditRebateForCard(tx, { rebateRateBp: 100 }, { cardId, refereeUserId: referee.id, settlementFen: 10_000 });
      await creditRebateForCard(tx, { rebateRateBp: 100 }, { cardId: kept, refereeUserId: referee.id, settlementFen: 20_000 });
    });
    await markRebateReversed(server, cardId);
    const referrals = await adminCall(server, ops.finance, 'GET', `/api/admin/referrals?referrerPhone=${referrer.phone}`);
    expect(referrals.data).toMatchObject({
      total: 1,
      list: [{ refereeId: referee.id, referrerId: referrer.id, referrerPhone: referrer.phone, cardCount: 2, rebateFen: 200 }],
    });
    const rebates = await adminCall(server, ops.finance, 'GET', `/api/admin/rebates?referrerPhone=${referrer.phone}`);
    expect(rebates.data).toMatchObject({ total: 2, totalFen: 200 });
    const reversed = await adminCall(server, ops.admin, 'GET', `/api/admin/rebates?status=reversed&refereePhone=${referee.phone}`);
    expect(reversed.data.list).toEqual([
      expect.objectContaining({
        cardId,
        status: 'reversed',
        rebateFen: 100,
        rateBp: 100,
        goodsName: '移动充值卡',
        reversedAt: expect.any(String),
      }),
    ]);
    expect((await adminCall(server, ops.admin, 'GET', '/api/admin/rebates?status=gone')).msg).toBe(
      'status: must be credited, reversed or reversal_pending',
    );
  });

  it('sets the rate within 0 to 30%, keeps the other settings and audits the change', async () => {
    await server.deps.database.pool.query(
      `insert into settings (key, value) values ('foundation', '{"siteName": "卖卡测试", "rebateRateBp": 100}') on conflict (key) do nothing`,
    );
    expect((await adminCall(server, ops.admin, 'PUT', '/api/admin/settings/rebateRate', { rateBp: 3001 })).msg).toBe(
      'rateBp: must be 0 to 3000 basis points (0% to 30%)',
    );
    expect((await adminCall(server, ops.admin, 'PUT', '/api/admin/settings/rebateRate', { rateBp: 12.5 })).code).toBe(Code.InvalidInput);
    expect(await adminCall(server, ops.admin, 'PUT', '/api/admin/settings/rebateRate', { rateBp: 250 })).toMatchObject({
      code: 200,
      data: { rateBp: 250 },
    });
    const foundation = (await server.call('GET', '/api/Basis/getFoundation')).data;
    expect(foundation).toMatchObject({ rebateRateBp: 250, siteName: '卖卡测试' });
    const user = await signUp(server, nextPhone());
    expect((await server.call('GET', '/api/share/getInfo', { token: user.token })).data.rebateRateBp).toBe(250);
    expect(await auditOf('settings.rebateRate')).toContainEqual(
      expect.objectContaining({
        target_type: 'settings',
        target_id: 'rebateRateBp',
        detail: expect.objectContaining({ change: { before: 100, after: 250 } }),
      }),
    );
  });
});
