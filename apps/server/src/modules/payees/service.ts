import {
  bankByCodeOf,
  Code,
  maskCardNumber,
  maskMiddle,
  maskPhone,
  maskRealName,
  normalizePayeeAccount,
  PayeeChannel,
  PHONE_PATTERN,
  type Payee,
  type SavePayeeBody,
} from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { decrypt, encrypt } from '../../lib/crypto';
import { requireWechatOpenid } from './wechatService';
import { deletePayeeRow, findPayee, listPayees, payeeHasOpenWithdrawal, upsertPayee, verifiedRealName, type PayeeRow } from './repo';

/** What lists show of an account: enough to recognise it, not enough to use it. */
export function maskPayeeAccount(channel: number, account: string): string {
  if (channel === PayeeChannel.Bank) return maskCardNumber(account);
  if (PHONE_PATTERN.test(account)) return maskPhone(account);
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  return maskMiddle(account, 2, 2);
}

export function toPayee(row: PayeeRow): Payee {
  const bank = row.bankCode ? bankByCodeOf(row.bankCode) : undefined;
  return {
    id: row.id,
    channel: row.channel as Payee['channel'],
    name: row.nameMasked,
    account: row.accountMasked,
    bankCode: row.bankCode,
    bankName: bank?.name ?? null,
    branch: row.branch,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getPayees(deps: Deps, userId: number): Promise<Payee[]> {
  return (await listPayees(deps.database.db, userId)).map(toPayee);
}

/** The payee's name is the verified real name, never what a client sends. */
export async function savePayee(deps: Deps, userId: number, body: SavePayeeBody): Promise<Payee> {
  const db = deps.database.db;
  const nameEnc = await verifiedRealName(db, userId);
  if (!nameEnc) throw new AppError(Code.RealNameRequired);
  if (body.id !== undefined) {
    const existing = await findPayee(db, userId, body.id);
    if (!existing) throw notFound('thing.payee');
    if (existing.channel !== body.channel) throw new AppError(Code.PayeeChannelMismatch);
  }
  const key = deps.config.dataEncryptionKey;
  const name = decrypt(key, nameEnc);
  const account =
    body.channel === PayeeChannel.WeChat ? await requireWechatOpenid(db, userId) : normalizePayeeAccount(body.channel, body.account ?? '');
  const bank = body.channel === PayeeChannel.Bank;
  const row = await upsertPayee(db, {
    userId,
    channel: body.channel,
    nameEnc: encrypt(key, name),
    nameMasked: maskRealName(name),
    accountEnc: encrypt(key, account),
    accountMasked: maskPayeeAccount(body.channel, account),
    bankCode: bank ? body.bankCode! : null,
    branch: bank && body.branch ? body.branch : null,
  });
  return toPayee(row);
}

export async function deletePayee(deps: Deps, userId: number, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const payee = await findPayee(tx, userId, id);
    if (!payee) throw notFound('thing.payee');
    if (await payeeHasOpenWithdrawal(tx, userId, id)) throw new AppError(Code.PayeeInUse);
    await deletePayeeRow(tx, userId, id);
  });
}
