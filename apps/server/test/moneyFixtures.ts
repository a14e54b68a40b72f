import type { Deps } from '../src/deps';
import { encrypt } from '../src/lib/crypto';
import { creditUser, LedgerReason } from '../src/modules/ledger';
import { eventually, newKey, type TestServer } from './harness';

let sequence = 0;

/** Logs a phone in and marks its real name verified, as the identity flow leaves it. */
export async function verifiedUser(server: TestServer, phone: string): Promise<{ token: string; userId: number }> {
  const token = await server.login(phone);
  const me = await server.call('GET', '/api/user/getInfo', { token });
  const userId = me.data.userinfo.id as number;
  const key = server.deps.config.dataEncryptionKey;
  await server.deps.database.pool.query('update users set real_name_enc = $1, id_num_enc = $2, id_num_masked = $3 where id = $4', [
    encrypt(key, '张三丰'),
    encrypt(key, '110101199003077777'),
    '110***********7777',
    userId,
  ]);
  return { token, userId };
}

/** Credits a user's available balance as card settlement does. */
export async function credit(deps: Deps, userId: number, amountFen: number): Promise<void> {
  sequence += 1;
  const key = `test-credit:${userId}:${sequence}:${Date.now()}`;
  await deps.database.db.transaction((tx) =>
    creditUser(tx, { key, userId, amountFen, reason: LedgerReason.CardSettlement, ref: 'card:test', from: 'platform_clearing' }),
  );
}

export const alipayPayee = { channel: 1, account: '13800138000' };
export const bankPayee = { channel: 3, account: '6222 0212 3456 7894', bankCode: 'ICBC', branch: '北京分行' };

/** Saves a payee and returns its id. */
export async function savePayee(server: TestServer, token: string, body: object = alipayPayee): Promise<number> {
  const saved = await server.call('POST', '/api/user/savePayee', { token, body });
  if (saved.code !== 200) throw new Error(`savePayee ${saved.code}: ${saved.msg}`);
  return saved.data.payee.id as number;
}

/**
 * A verified user, credited `balanceFen`, who asks to withdraw `amountFen` to a new payee (Alipay
 * unless given); throws unless the request is accepted.
 */
export async function openWithdrawal(
  server: TestServer,
  phone: string,
  o: { amountFen: number; balanceFen: number; payee?: { channel: number } },
): Promise<{ token: string; userId: number; id: number }> {
  const { token, userId } = await verifiedUser(server, phone);
  const payee = o.payee ?? alipayPayee;
  const payeeId = await savePayee(server, token, payee);
  await credit(server.deps, userId, o.balanceFen);
  const res = await server.call('POST', '/api/cash/extract', {
    token,
    body: { amountFen: o.amountFen, channel: payee.channel, payeeId, idempotencyKey: newKey() },
  });
  if (res.code !== 200) throw new Error(res.msg);
  return { token, userId, id: res.data.withdrawal.id as number };
}

/** A withdrawal's row as the payout steps leave it. */
export const withdrawalRow = async (server: TestServer, id: number) =>
  (await server.deps.database.pool.query('select status, out_biz_no, fail_reason, package_info from withdrawals where id = $1', [id]))
    .rows[0];

/** Waits until the withdrawal reaches one of the statuses, and answers its row. */
export const withdrawalSettled = (server: TestServer, id: number, statuses: readonly number[]) =>
  eventually(async () => {
    const row = await withdrawalRow(server, id);
    return statuses.includes(row.status) ? row : null;
  });

export { eventually, newKey } from './harness';
