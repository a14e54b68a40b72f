import { Code, messageTypeTable } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { adminCall, consoleServer } from '../../../test/console';
import { renderMessageText } from '../messages';
import type { AdminAction } from '../audit';
import { changeUserStatus } from './adminService';

let server: TestServer;
let ops: Record<AdminRole, string>;

beforeAll(async () => {
  ({ server, ops } = await consoleServer());
});

describe('an account frozen or unfrozen', () => {
  it('tells the user each freeze and unfreeze, a freeze with the reason given, and nothing for a refused one', async () => {
    const { userId } = await verifiedUser(server, '13600000901');
    const post = (url: string, body?: unknown) => adminCall(server, ops.support, 'POST', url, body);
    expect((await post(`/api/admin/users/${userId}/freeze`, { reason: 'withdrawals to many new payees' })).code).toBe(Code.Ok);
    expect((await post(`/api/admin/users/${userId}/freeze`, { reason: 'again' })).code).toBe(Code.UserStatusConflict);
    expect((await post(`/api/admin/users/${userId}/unfreeze`)).code).toBe(Code.Ok);
    expect((await post(`/api/admin/users/${userId}/freeze`, { reason: 'chargeback reported' })).code).toBe(Code.Ok);
    const { rows } = await server.deps.database.pool.query('select type, subject, params from messages where user_id = $1 order by id', [
      userId,
    ]);
    const frozen = messageTypeTable.byKey('accountFrozen')!.code;
    const unfrozen = messageTypeTable.byKey('accountUnfrozen')!.code;
    expect(rows.map((r) => [r.type, r.params])).toEqual([
      [frozen, { reason: 'withdrawals to many new payees' }],
      [unfrozen, {}],
      [frozen, { reason: 'chargeback reported' }],
    ]);
    expect(rows[0].subject).toMatch(/^freeze:\d+$/);
    expect(rows[2].subject).toMatch(/^freeze:\d+$/);
    expect(rows[2].subject).not.toBe(rows[0].subject);
    expect(rows[1].subject).toMatch(/^unfreeze:\d+$/);

    expect(renderMessageText('accountFrozen', rows[2].params, 'en-US')).toEqual({
      title: 'Your account is frozen',
      content: 'Your account is frozen: withdrawals are paused. Contact customer service with any questions.\nReason: chargeback reported',
    });
    expect(renderMessageText('accountFrozen', rows[2].params, 'zh-CN')).toEqual({
      title: '账户已冻结',
      content: '您的账户已被冻结，暂时不能提现。如有疑问请联系客服。\n原因：chargeback reported',
    });
    expect(renderMessageText('accountUnfrozen', rows[1].params, 'en-US')).toEqual({
      title: 'Your account is unfrozen',
      content: 'Your account is unfrozen: you can withdraw again.',
    });
    expect(renderMessageText('accountUnfrozen', rows[1].params, 'zh-CN')).toEqual({
      title: '账户已解冻',
      content: '您的账户已解冻，可以正常提现了。',
    });
  });

  it('leaves no message when the freeze is rolled back', async () => {
    const { userId } = await verifiedUser(server, '13600000902');
    // An entry for an operator who does not exist cannot be written: the freeze fails after its message was recorded.
    const unwritable: AdminAction = {
      adminId: 999_999_999,
      action: 'user.freeze',
      ip: null,
      userAgent: null,
      input: { params: {}, body: {} },
      recorded: false,
    };
    await expect(changeUserStatus(server.deps, userId, 'freeze', unwritable, 'rolled back')).rejects.toThrow();
    const { rows } = await server.deps.database.pool.query(
      'select (select status from users where id = $1) as status, (select count(*)::int from messages where user_id = $1) as n',
      [userId],
    );
    expect(rows[0]).toEqual({ status: 'active', n: 0 });
  });
});
