/**
 * Recording a message: called by the module whose change it reports, inside that change's
 * transaction, so the change and its message commit together or not at all (docs/design.md
 * "Messages"). Each channel the message should reach gets a delivery row and a job in the same
 * transaction; the delivery worker sends it.
 */
import { messageChannelTable, messageTypeTable, MessageChannel, type MessageChannelKey, type MessageTypeKey } from '@maika/shared';
import type { Tx } from '../../db/client';
import { MESSAGE_DELIVERY_QUEUE } from '../../jobs/queues';
import type { MessageEvent } from './facts';
import { deliveredChannels, findRecipient, insertDeliveries, insertMessage, hasConsent } from './repo';
import { readChannelSettings } from './settingsService';

/** The types a seller gets by SMS unless they turn it off: money arrived, or cards wait for them. */
const SMS_BY_DEFAULT: readonly MessageTypeKey[] = ['withdrawalPaid', 'cardsNeedSeller'];

export function defaultPreference(type: MessageTypeKey): { sms: boolean; miniProgram: boolean } {
  return { sms: SMS_BY_DEFAULT.includes(type), miniProgram: true };
}

const miniPrograms = { weapp: MessageChannel.Weapp, alipay: MessageChannel.Alipay } as const;

export async function recordMessage(tx: Tx, event: MessageEvent): Promise<void> {
  const type = messageTypeTable.byKey(event.type)!.code;
  const recipient = await findRecipient(tx, event.userId, type);
  // A cancelled account keeps no messages (cancellation deleted them), so it gets no new one.
  if (!recipient || recipient.status === 'cancelled') return;
  const messageId = await insertMessage(
    tx,
    { userId: event.userId, type, subject: event.subject, params: event.facts as unknown as Record<string, unknown> },
    event.onRepeat ?? 'once',
  );
  if (messageId === null) return;

  const wants = {
    sms: recipient.sms ?? defaultPreference(event.type).sms,
    miniProgram: recipient.miniProgram ?? defaultPreference(event.type).miniProgram,
  };
  const settings = await readChannelSettings(tx);
  // A renewed message keeps the deliveries it has: a channel is sent to once per message. A message
  // recorded once is new here (a repeat returned above), so it has none yet.
  const delivered = new Set(event.onRepeat === 'replace' ? await deliveredChannels(tx, messageId) : []);
  const reachable = async (channel: MessageChannelKey, code: MessageChannel): Promise<boolean> => {
    const setting = settings[channel];
    const templateId = setting.templates[event.type];
    if (delivered.has(code) || !setting.enabled || !templateId) return false;
    if (channel === 'sms') return wants.sms && recipient.phone !== null;
    const address = channel === 'weapp' ? recipient.wechatOpenid : recipient.alipayUserId;
    // Each consent the user gave in the mini-program allows one message: this one uses it.
    return wants.miniProgram && address !== null && hasConsent(tx, event.userId, miniPrograms[channel], templateId);
  };
  const channels: MessageChannel[] = [];
  for (const { key, code } of messageChannelTable.values) {
    if (await reachable(key, code)) channels.push(code);
  }
  await insertDeliveries(tx, messageId, channels, MESSAGE_DELIVERY_QUEUE);
}
