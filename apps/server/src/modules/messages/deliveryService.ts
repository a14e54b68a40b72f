/**
 * Sending a message outside the app (docs/design.md "Messages"): the worker claims a delivery
 * once, checks that the user still can and wants to get it, sends it and records how it ended.
 * Nothing here sends a delivery twice: a retry happens only when the vendor cannot have sent it.
 */
import { DeliveryStatus, MessageChannel, messageChannelTable, messageTypeTable, type MessageTypeKey, type TextKey } from '@maika/shared';
import type { Deps } from '../../deps';
import { MESSAGE_DELIVERY_QUEUE } from '../../jobs/queues';
import type { NoticeResult, NoticeStatus } from '../../providers/notice';
import { fitField } from '../../providers/subscribeMessage';
import {
  claimDelivery,
  consumeConsent,
  failStuckDeliveries,
  listDueDeliveries,
  returnConsent,
  settleDelivery,
  type ClaimedDelivery,
} from './deliveryRepo';
import { findRecipient } from './repo';
import type { MessageFacts } from './facts';
import { noticeFields } from './noticeFields';
import { messageLink, renderMessageText } from './render';
import { defaultPreference } from './service';
import { readChannelSettings } from './settingsService';

/** The longest wait between two tries of one delivery. */
const MAX_BACKOFF_SECONDS = 3600;
/** Deliveries the sweep queues at once; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

const ours = (status: 'refused' | 'failed', key: TextKey): NoticeResult => ({ status, answer: key });

/** Where each outcome leaves the delivery: a retryable one waits again (until the tries run out). */
const STATUS_OF: Record<NoticeStatus, DeliveryStatus> = {
  sent: DeliveryStatus.Sent,
  refused: DeliveryStatus.Refused,
  retryable: DeliveryStatus.Pending,
  failed: DeliveryStatus.Failed,
};

/** The wait before try `attempts + 1`: the base, doubled for each try already made. */
export function backoffSeconds(baseSeconds: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends one delivery if this call claims it; answers how it ended, or null when it was not this
 * call's to send (another worker has it, it is not due, or it was settled already).
 */
export async function processDelivery(deps: Deps, deliveryId: number): Promise<NoticeResult | null> {
  const db = deps.database.db;
  const claimed = await claimDelivery(db, deliveryId);
  if (!claimed) return null;
  let result: NoticeResult;
  try {
    result = await deliver(deps, claimed);
  } catch (error) {
    // Not known whether it reached the vendor: never tried again by itself.
    deps.log.error({ err: error, deliveryId }, 'message delivery broke off');
    result = { status: 'failed', answer: `error: ${(error as Error).message}` };
  }
  if (result.status === 'retryable') {
    if (claimed.attempts < deps.config.MESSAGE_MAX_ATTEMPTS) {
      const wait = backoffSeconds(deps.config.MESSAGE_RETRY_SECONDS, claimed.attempts);
      if (await settleDelivery(db, claimed, { status: STATUS_OF.retryable, answer: result.answer, retryInSeconds: wait })) {
        // Lost with the process? The sweep queues it again once due.
        await deps.jobs.send(MESSAGE_DELIVERY_QUEUE, { deliveryId }, { startAfterSeconds: wait });
      }
      return result;
    }
    result = { status: 'failed', answer: result.answer };
  }
  await settleDelivery(db, claimed, { status: STATUS_OF[result.status], answer: result.answer });
  return result;
}

async function deliver(deps: Deps, claimed: ClaimedDelivery): Promise<NoticeResult> {
  const db = deps.database.db;
  const type = messageTypeTable.byCode(claimed.type)!.key;
  const recipient = await findRecipient(db, claimed.userId, claimed.type);
  if (!recipient || recipient.status === 'cancelled') return ours('refused', 'delivery.accountCancelled');

  const channel = messageChannelTable.byCode(claimed.channel)!.key;
  const setting = (await readChannelSettings(db))[channel];
  const templateId = setting.templates[type];
  if (!setting.enabled || !templateId) return ours('failed', 'delivery.channelOff');

  const locale = recipient.locale ?? 'zh-CN';
  const facts = claimed.params as unknown as MessageFacts[MessageTypeKey];
  const fields = noticeFields(type, facts, locale);
  // The user's choice now: one turned off since the message was recorded is respected.
  const wants = {
    sms: recipient.sms ?? defaultPreference(type).sms,
    miniProgram: recipient.miniProgram ?? defaultPreference(type).miniProgram,
  };

  if (claimed.channel === MessageChannel.Sms) {
    if (!wants.sms) return ours('refused', 'delivery.turnedOff');
    if (!recipient.phone) return ours('refused', 'delivery.unreachable');
    const userKey = String(claimed.userId);
    if ((await deps.limits.smsNoticeHourly.take(userKey)) !== null) return ours('refused', 'delivery.smsHourlyCap');
    const result = await deps.smsNotices.sendNotice({
      phone: recipient.phone,
      templateId,
      params: fields.map((field) => ({ name: field.name, value: fitField(field) })),
      text: renderMessageText(type, facts, locale).content,
    });
    // Not sent, so it does not count against the hour; a failure may have been sent and does.
    if (result.status === 'retryable') await deps.limits.smsNoticeHourly.refund(userKey);
    return result;
  }

  if (!wants.miniProgram) return ours('refused', 'delivery.turnedOff');
  const platform = claimed.channel === MessageChannel.Weapp ? 'weapp' : 'alipay';
  const toUser = platform === 'weapp' ? recipient.wechatOpenid : recipient.alipayUserId;
  if (!toUser) return ours('refused', 'delivery.unreachable');
  if (!(await consumeConsent(db, claimed.userId, claimed.channel, templateId))) return ours('refused', 'delivery.noConsent');
  const link = messageLink(facts);
  const result = await deps.subscribeMessages[platform].send({
    toUser,
    templateId,
    page: link ? link.replace(/^\/+/, '') : null,
    fields,
    locale,
  });
  if (result.status === 'retryable') await returnConsent(db, claimed.userId, claimed.channel, templateId);
  return result;
}

/**
 * The sweep, every SWEEP_INTERVAL_SECONDS: deliveries left sending past MESSAGE_SENDING_TIMEOUT_SECONDS
 * are failed as of unknown outcome (sending again could deliver twice), and waiting deliveries due
 * for `dueForSeconds` with no job waiting get one again (theirs was lost, or the process died before
 * queueing a retry); `queued` names them.
 */
export async function sweepDeliveries(deps: Deps, dueForSeconds: number): Promise<{ failed: number[]; queued: number[] }> {
  const db = deps.database.db;
  const failed = await failStuckDeliveries(db, deps.config.MESSAGE_SENDING_TIMEOUT_SECONDS);
  if (failed.length > 0) deps.log.warn({ deliveryIds: failed }, 'message deliveries left sending marked failed: outcome unknown');
  const queued = await deps.jobs.sendUnlessWaiting(
    MESSAGE_DELIVERY_QUEUE,
    'deliveryId',
    await listDueDeliveries(db, dueForSeconds, SWEEP_BATCH),
  );
  return { failed, queued };
}
