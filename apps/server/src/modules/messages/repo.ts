import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Locale, MessageChannel, MessageType } from '@maika/shared';
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

/**
 * Where a user can be reached outside the app, in which language, and their choices for one
 * message type (null: the defaults). Read when a message is recorded and again when it is sent.
 */
export async function findRecipient(db: Queryable, userId: number, type: MessageType) {
  const [row] = await db
    .select({
      phone: users.phone,
      wechatOpenid: users.wechatOpenid,
      alipayUserId: users.alipayUserId,
      status: users.status,
      locale: users.locale,
      sms: messagePreferences.sms,
      miniProgram: messagePreferences.miniProgram,
    })
    .from(users)
    .leftJoin(messagePreferences, and(eq(messagePreferences.userId, users.id), eq(messagePreferences.type, type)))
    .where(eq(users.id, userId));
  return row;
}

/**
 * True while the user has a consent left for the template. The delivery worker uses it when it
 * sends (deliveryRepo.ts), so a message that is never sent spends none.
 */
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

/** The channels a message already has a delivery on (a renewed message keeps its deliveries). */
export async function deliveredChannels(db: Queryable, messageId: number): Promise<MessageChannel[]> {
  const rows = await db
    .select({ channel: messageDeliveries.channel })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.messageId, messageId));
  return rows.map((r) => r.channel);
}

/**
 * One delivery per message and channel, each new one with its job in `queue` (`maika_enqueue`,
 * migration 0031: the row pg-boss's own send writes), in one statement: a repeat (a renewed
 * message) adds neither.
 */
export async function insertDeliveries(
  db: Queryable,
  messageId: number,
  channels: readonly MessageChannel[],
  queue: string,
): Promise<void> {
  if (channels.length === 0) return;
  await db.execute(sql`
    with delivery as (
      insert into message_deliveries (message_id, channel)
      select ${messageId}, channel from unnest(${sql.param([...channels])}::smallint[]) as c(channel)
      on conflict do nothing
      returning id)
    select maika_enqueue(${queue}, jsonb_build_object('deliveryId', id)) from delivery`);
}

// ---------------------------------------------------------------------------------------------
// The message centre

/** A page of the user's messages, newest (or newest renewed) first. */
export async function listMessages(db: Queryable, userId: number, limit: number, offset: number) {
  return db
    .select({ id: messages.id, type: messages.type, params: messages.params, readAt: messages.readAt, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
}

export async function countMessages(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(eq(messages.userId, userId));
  return row!.n;
}

/** Read from the partial index of unread messages alone. */
export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row!.n;
}

/** Marks the user's unread messages read: those named (another user's ids match nothing), or all. */
export async function markRead(db: Queryable, userId: number, ids: readonly number[] | undefined): Promise<void> {
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.userId, userId), isNull(messages.readAt), ids ? inArray(messages.id, [...ids]) : undefined));
}

export async function findPreferences(db: Queryable, userId: number) {
  return db
    .select({ type: messagePreferences.type, sms: messagePreferences.sms, miniProgram: messagePreferences.miniProgram })
    .from(messagePreferences)
    .where(eq(messagePreferences.userId, userId));
}

export async function savePreferences(
  db: Queryable,
  userId: number,
  list: readonly { type: MessageType; sms: boolean; miniProgram: boolean }[],
): Promise<void> {
  await db
    .insert(messagePreferences)
    .values(list.map((p) => ({ userId, ...p })))
    .onConflictDoUpdate({
      target: [messagePreferences.userId, messagePreferences.type],
      set: { sms: sql`excluded.sms`, miniProgram: sql`excluded.mini_program` },
    });
}

/** Adds one consent per template id (each accept in a mini-program allows one message). */
export async function addConsents(db: Queryable, userId: number, channel: MessageChannel, templateIds: readonly string[]): Promise<void> {
  if (templateIds.length === 0) return;
  await db
    .insert(subscribeConsents)
    .values(templateIds.map((templateId) => ({ userId, channel, templateId, remaining: 1 })))
    .onConflictDoUpdate({
      target: [subscribeConsents.userId, subscribeConsents.channel, subscribeConsents.templateId],
      set: { remaining: sql`${subscribeConsents.remaining} + 1`, updatedAt: sql`now()` },
    });
}

/**
 * Keeps the reader's language current for what is sent outside the app. Writes only when it
 * changed, so the usual call costs one index lookup and no row version.
 */
export async function rememberLocale(db: Queryable, userId: number, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), sql`${users.locale} is distinct from ${locale}`));
}

/** Cancellation: the user's messages (their deliveries go with them), choices and consents. */
export async function eraseUserMessages(db: Queryable, userId: number): Promise<void> {
  await db.delete(messages).where(eq(messages.userId, userId));
  await db.delete(messagePreferences).where(eq(messagePreferences.userId, userId));
  await db.delete(subscribeConsents).where(eq(subscribeConsents.userId, userId));
}
