import { and, eq, gt, sql } from 'drizzle-orm';
import type { MessageChannel, MessageType } from '@maika/shared';
import type { Queryable } from '../../db/client';
import { messageDeliveries, messagePreferences, messages, subscribeConsents, users } from '../../db/schema';

/**
 * Writes a message once per (user, type, subject). `replace` renews an earlier one: new facts,
 * unread again, dated now. Answers the message's id, or null when `once` found it already there.
 */
export async function insertMessage(
  db: Queryable,
  row: { userId: number; type: MessageType; subject: string; params: Record<string, unknown> },
  onRepeat: 'once' | 'replace',
): Promise<number | null> {
  const insert = db.insert(messages).values(row);
  const [saved] =
    onRepeat === 'replace'
      ? await insert
          .onConflictDoUpdate({
            target: [messages.userId, messages.type, messages.subject],
            set: { params: row.params, readAt: null, createdAt: sql`now()` },
          })
          .returning({ id: messages.id })
      : await insert.onConflictDoNothing().returning({ id: messages.id });
  return saved?.id ?? null;
}

/** Where a user can be reached outside the app, and their choices for one message type. */
export async function findRecipient(db: Queryable, userId: number, type: MessageType) {
  const [row] = await db
    .select({
      phone: users.phone,
      wechatOpenid: users.wechatOpenid,
      alipayUserId: users.alipayUserId,
      status: users.status,
      sms: messagePreferences.sms,
      miniProgram: messagePreferences.miniProgram,
    })
    .from(users)
    .leftJoin(messagePreferences, and(eq(messagePreferences.userId, users.id), eq(messagePreferences.type, type)))
    .where(eq(users.id, userId));
  return row;
}

/** True when the user has an unused consent for the template on the mini-program channel. */
export async function hasConsent(db: Queryable, userId: number, channel: MessageChannel, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ remaining: subscribeConsents.remaining })
    .from(subscribeConsents)
    .where(
      and(
        eq(subscribeConsents.userId, userId),
        eq(subscribeConsents.channel, channel),
        eq(subscribeConsents.templateId, templateId),
        gt(subscribeConsents.remaining, 0),
      ),
    );
  return row !== undefined;
}

/** One delivery per message and channel: a repeat (a renewed message) adds none. Answers the new ids. */
export async function insertDeliveries(db: Queryable, messageId: number, channels: readonly MessageChannel[]): Promise<number[]> {
  if (channels.length === 0) return [];
  const rows = await db
    .insert(messageDeliveries)
    .values(channels.map((channel) => ({ messageId, channel })))
    .onConflictDoNothing()
    .returning({ id: messageDeliveries.id });
  return rows.map((r) => r.id);
}
