import { AccountStatus, adminRoleTable, Code, roleCan } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { alipayPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { adminCall, auditActions, consoleServer, expectRoleMatrix } from '../../../test/console';

let server: TestServer;
let ops: Record<AdminRole, string>;
let phone = 13600000000;
const nextPhone = () => String((phone += 1));

beforeAll(async () => {
  ({ server, ops } = await consoleServer());
});

const get = (token: string, url: string) => adminCall(server, token, 'GET', url);
const post = (token: string, url: string, body?: unknown) => adminCall(server, token, 'POST', url, body);

describe('admin users', () => {
  it('refuse with 1403 exactly the roles the console hides freezing and balance adjustment from', async () => {
    for (const role of adminRoleTable.keys) {
      const freeze = await post(ops[role], '/api/admin/users/999999/freeze', { reason: 'probe' });
      const adjust = await post(ops[role], '/api/admin/users/999999/adjust', { amountFen: 1, reason: 'probe', idempotencyKey: newKey() });
      expect(freeze.code === Code.AdminForbidden, `${role} freeze`).toBe(!roleCan(role, 'users', 'freeze'));
      expect(adjust.code === Code.AdminForbidden, `${role} adjust`).toBe(!roleCan(role, 'users', 'adjust'));
    }
    // The two differ, so the test would notice a route that took the other's roles.
    expect(roleCan('support', 'users', 'freeze')).not.toBe(roleCan('support', 'users', 'adjust'));
  });

  it('are read by admin, support and finance, and frozen by admin and support only', async () => {
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'support', 'finance'],
      [
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/users/999999'],
      ],
    );
    await expectRoleMatrix(
      server,
      ops,
      ['admin', 'support'],
      [
        ['POST', '/api/admin/users/999999/freeze', { reason: 'probe' }],
        ['POST', '/api/admin/users/999999/unfreeze'],
      ],
    );
  });

  it('list newest first with balance, filtered by phone, status and verification', async () => {
    const plain = nextPhone();
    const plainToken = await server.login(plain);
    const { userId: verifiedId } = await verifiedUser(server, nextPhone());
    await credit(server.deps, verifiedId, 12_345);

    const byPhone = await get(ops.support, `/api/admin/users?phone=${plain}`);
    expect(byPhone.data.total).toBe(1);
    const me = (await server.call('GET', '/api/user/getInfo', { token: plainToken })).data.userinfo;
    expect(byPhone.data.list[0]).toMatchObject({
      id: me.id,
      phone: plain,
      status: AccountStatus.Active,
      verified: false,
      referrerId: null,
      availableFen: 0,
    });

    const verified = await get(ops.finance, '/api/admin/users?verified=true&pageSize=100');
    expect(verified.data.list.map((u: { id: number }) => u.id)).toContain(verifiedId);
    expect(verified.data.list.every((u: { verified: boolean }) => u.verified)).toBe(true);
    expect(verified.data.list.find((u: { id: number }) => u.id === verifiedId).availableFen).toBe(12_345);

    const frozen = await get(ops.admin, `/api/admin/users?status=${AccountStatus.Frozen}&phone=${plain}`);
    expect(frozen.data).toEqual({ list: [], total: 0 });
    const bad = await get(ops.admin, '/api/admin/users?status=7');
    expect(bad.code).toBe(Code.InvalidInput);
    expect(bad.msg).toMatch(/status/);
  });

  it('show one user with masked identity, balances, referrer and referee count', async () => {
    const referrer = await verifiedUser(server, nextPhone());
    const invite = (await server.call('GET', '/api/user/getInfo', { token: referrer.token })).data.userinfo.inviteCode as string;
    const refereePhone = nextPhone();
    const refereeToken = await server.login(refereePhone, { p: invite });
    const refereeId = (await server.call('GET', '/api/user/getInfo', { token: refereeToken })).data.userinfo.id as number;
    await credit(server.deps, referrer.userId, 50_000);

    const detail = await get(ops.finance, `/api/admin/users/${referrer.userId}`);
    expect(detail.code).toBe(200);
    expect(detail.data.user).toMatchObject({
      id: referrer.userId,
      verified: true,
      realName: '*三丰',
      idNum: '110***********7777',
      wechatBound: false,
      alipayBound: false,
    });
    expect(JSON.stringify(detail.data)).not.toContain('110101199003077777');
    expect(detail.data.account).toEqual({
      availableFen: 50_000,
      heldFen: 0,
      creditedTotalFen: 50_000,
      withdrawnTotalFen: 0,
      rebateTotalFen: 0,
    });
    expect(detail.data.refereeCount).toBe(1);

    const referee = await get(ops.support, `/api/admin/users/${refereeId}`);
    expect(referee.data.referrer).toEqual({ id: referrer.userId, phone: expect.any(String) });
    expect(referee.data.user.referrerId).toBe(referrer.userId);

    const missing = await get(ops.admin, '/api/admin/users/999999');
    expect(missing.code).toBe(Code.NotFound);
  });

  it('freeze ends every session and blocks login and withdrawal until unfrozen', async () => {
    const userPhone = nextPhone();
    const { token, userId } = await verifiedUser(server, userPhone);
    const payeeId = await savePayee(server, token, alipayPayee);
    await credit(server.deps, userId, 100_000);

    const frozen = await post(ops.support, `/api/admin/users/${userId}/freeze`, { reason: '疑似盗卡' });
    expect(frozen.data).toEqual({ id: userId, status: AccountStatus.Frozen });
    // The old token no longer works, for reading or for withdrawing.
    expect((await server.call('GET', '/api/user/getInfo', { token })).code).toBe(Code.TokenInvalid);
    const extract = { amountFen: 10_000, channel: 1, payeeId, idempotencyKey: newKey() };
    expect((await server.call('POST', '/api/cash/extract', { token, body: extract })).code).toBe(Code.TokenInvalid);
    await expect(server.login(userPhone)).rejects.toThrow(`smsLogin ${Code.AccountFrozen}`);
    expect((await post(ops.admin, `/api/admin/users/${userId}/freeze`, { reason: 'again' })).code).toBe(Code.UserStatusConflict);

    expect((await post(ops.admin, `/api/admin/users/${userId}/unfreeze`)).data.status).toBe(AccountStatus.Active);
    const again = await server.login(userPhone);
    const paid = await server.call('POST', '/api/cash/extract', { token: again, body: extract });
    expect(paid.code).toBe(200);
    expect((await post(ops.admin, `/api/admin/users/${userId}/unfreeze`)).code).toBe(Code.UserStatusConflict);
    expect(await auditActions(server, 'user', userId)).toEqual(['user.freeze', 'user.unfreeze']);
  });

  it('refuse a freeze without a reason and say the state in both languages on a conflict', async () => {
    const { userId } = await verifiedUser(server, nextPhone());
    const noReason = await post(ops.admin, `/api/admin/users/${userId}/freeze`, { reason: '  ' });
    expect(noReason.code).toBe(Code.InvalidInput);
    expect(noReason.msg).toMatch(/reason/);
    const conflict = await post(ops.admin, `/api/admin/users/${userId}/unfreeze`);
    expect(conflict.code).toBe(Code.UserStatusConflict);
    expect(conflict.msg).toContain('正常 / Active');
  });
});
