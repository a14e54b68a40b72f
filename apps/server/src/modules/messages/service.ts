/**
 * Recording a message: called by the module whose change it reports, inside that change's
 * transaction, so the change and its message commit together or not at all (docs/design.md
 * "Messages"). Each channel the message should reach gets a delivery row and a job in the same
 * transaction; the delivery worker sends it.
 */
import { messageChannelTable, messageTypeTable, MessageChannel, type MessageChannelKey, type MessageTypeKey } from '@maika/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { MESSAGE_DELIVERY_QUEUE } from '../../jobs/queues';
import type { MessageEvent } from './facts';
import { findRecipient, hasConsent, insertDeliveries, insertMessage } from './repo';
import { readChannelSettings } from './settingsService';

/** The types a seller gets by SMS unless they turn it off: money arrived, or cards wait for them. */
const SMS_BY_DEFAULT: readonly MessageTypeKey[] = ['withdrawalPaid', 'cardsNeedSeller'];

export function defaultPreference(type: MessageTypeKey): { sms: boolean; miniProgram: boolean } {
  return { sms: SMS_BY_DEFAULT.includes(type), miniProgram: true };
}

export async function recordMessage(deps: Pick<Deps, 'jobs'>, tx: Tx, event: MessageEvent): Promise<void> {
  const type = messageTypeTable.byKey(event.type)!.code;
  const messageId = await insertMessage(
    tx,
    { userId: event.userId, type, subject: event.subject, params: event.facts as unknown as Record<string, unknown> },
    event.onRepeat ?? 'once',
  );
  if (messageId === null) return;

  const recipient = await findRecipient(tx, event.userId, type);
  if (!recipient || recipient.status === 'cancelled') return;
  const wants = {
    sms: recipient.sms ?? defaultPreference(event.type).sms,
    miniProgram: recipient.miniProgram ?? defaultPreference(event.type).miniProgram,
  };
  const settings = await readChannelSettings(tx);
  const reachable = async (channel: MessageChannelKey): Promise<boolean> => {
    const setting = settings[channel];
    const templateId = setting.templates[event.type];
    if (!setting.enabled || !templateId) return false;
    switch (channel) {
      case 'sms':
        return wants.sms && recipient.phone !== null;
      case 'weapp':
        return wants.miniProgram && recipient.wechatOpenid !== null && hasConsent(tx, event.userId, MessageChannel.Weapp, templateId);
      case 'alipay':
        return wants.miniProgram && recipient.alipayUserId !== null && hasConsent(tx, event.userId, MessageChannel.Alipay, templateId);
    }
  };
  const channels: MessageChannel[] = [];
  for (const { key, code } of messageChannelTable.values) {
    if (await reachable(key)) channels.push(code);
  }
  for (const deliveryId of await insertDeliveries(tx, messageId, channels)) {
    await deps.jobs.send(MESSAGE_DELIVERY_QUEUE, { deliveryId }, { tx });
  }
}
