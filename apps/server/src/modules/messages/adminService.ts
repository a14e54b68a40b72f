/**
 * The back office's side of messages: a user's messages with their deliveries, read by support in
 * the operator's language; resending a failed delivery; the channels' switches and template ids.
 */
import {
  Code,
  deliveryStatusTable,
  messageChannelTable,
  messageTypeTable,
  type AdminDelivery,
  type AdminMessage,
  type AdminMessageChannel,
  type AdminMessageChannelBody,
  type DeliveryStatus,
  type Locale,
  type MessageChannel,
} from '@maika/shared';
import { offsetOf, type Page } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { MESSAGE_DELIVERY_QUEUE } from '../../jobs/queues';
import { recordAudit, type AdminAction } from '../audit';
import {
  findDelivery,
  listDeliveries,
  listUserMessages,
  reopenFailedDelivery,
  userExists,
  type DeliveryRow,
  type MessageRow,
} from './adminRepo';
import { toMessageItem } from './render';
import { readChannelSettings, saveChannelSetting, type ChannelSetting } from './settingsService';

function toAdminDelivery(row: DeliveryRow): AdminDelivery {
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    attempts: row.attempts,
    vendorAnswer: row.vendorAnswer,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminMessage(row: MessageRow, deliveries: readonly DeliveryRow[], locale: Locale): AdminMessage {
  return { ...toMessageItem(row, locale), deliveries: deliveries.map(toAdminDelivery) };
}

/** Newest first, as the user's message centre lists them, each with what every channel did with it. */
export async function getUserMessages(
  deps: Deps,
  userId: number,
  page: Page,
  locale: Locale,
): Promise<{ list: AdminMessage[]; total: number }> {
  const db = deps.database.db;
  if (!(await userExists(db, userId))) throw notFound('thing.user');
  const { list, total } = await listUserMessages(db, userId, page.pageSize, offsetOf(page));
  const deliveries = await listDeliveries(
    db,
    list.map((m) => m.id),
  );
  return {
    list: list.map((m) =>
      toAdminMessage(
        m,
        deliveries.filter((d) => d.messageId === m.id),
        locale,
      ),
    ),
    total,
  };
}

function notResendable(status: DeliveryStatus): AppError {
  return new AppError(Code.DeliveryNotResendable, { status: deliveryStatusTable.byCode(status)!.label }, { status });
}

/**
 * Only a failed delivery is sent again (a refused one stays refused: the user or the vendor said
 * no): back to waiting, due now, its job queued in the same transaction so the two commit together.
 */
export async function resendDelivery(deps: Deps, id: number, audit?: AdminAction): Promise<AdminDelivery> {
  return deps.database.db.transaction(async (tx) => {
    const reopened = await reopenFailedDelivery(tx, id);
    if (!reopened) {
      const current = await findDelivery(tx, id);
      throw current ? notResendable(current.status) : notFound('thing.messageDelivery');
    }
    await deps.jobs.send(MESSAGE_DELIVERY_QUEUE, { deliveryId: id }, { tx });
    await recordAudit(tx, audit, {
      detail: {
        channel: reopened.channel,
        messageId: reopened.messageId,
        attempts: reopened.attempts,
        vendorAnswer: reopened.vendorAnswer,
      },
    });
    return toAdminDelivery(reopened);
  });
}

const toAdminChannel = (channel: MessageChannel, setting: ChannelSetting): AdminMessageChannel => ({
  channel,
  enabled: setting.enabled,
  templates: setting.templates,
});

export async function getMessageChannels(deps: Deps): Promise<{ list: AdminMessageChannel[] }> {
  const settings = await readChannelSettings(deps.database.db);
  return { list: messageChannelTable.values.map(({ code, key }) => toAdminChannel(code, settings[key])) };
}

/**
 * A channel is on only with a template id for every type, so no message is left out of it
 * silently; the refusal names the first type without one, in the operator's language.
 */
export async function saveMessageChannel(
  deps: Deps,
  channel: MessageChannel,
  body: AdminMessageChannelBody,
  audit?: AdminAction,
): Promise<AdminMessageChannel> {
  const entry = messageChannelTable.byCode(channel)!;
  // An emptied field means the type has no template on this channel.
  const templates = Object.fromEntries(
    Object.entries(body.templates).filter(([, templateId]) => templateId),
  ) as ChannelSetting['templates'];
  const missing = body.enabled ? messageTypeTable.values.find((type) => !templates[type.key]) : undefined;
  if (missing) {
    throw new AppError(Code.MessageTemplateMissing, { channel: entry.label, type: missing.label }, { channel, type: missing.code });
  }
  const after: ChannelSetting = { enabled: body.enabled, templates };
  await deps.database.db.transaction(async (tx) => {
    const before = (await readChannelSettings(tx))[entry.key];
    await saveChannelSetting(tx, entry.key, after);
    await recordAudit(tx, audit, { detail: { before, after } });
  });
  return toAdminChannel(channel, after);
}
