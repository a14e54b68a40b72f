/**
 * Message calls, from the API contract: the message centre (list, unread count, marking read), the
 * user's choice of channels per message type, and the subscribe consents a mini-program collects.
 * Reads and the background calls are quiet (pages draw their own skeletons and badges).
 */
import {
  messageCalls,
  type AnswerOf,
  type MessageItem,
  type MessageListData,
  type MessagePreference,
  type MessageSettingsData,
  type messageContract,
  type MiniProgramPlatform,
  type SubscribeTemplatesData,
} from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request, type Endpoint } from '../http';

export type { MessageItem, MessageListData, MessagePreference, MessageSettingsData, SubscribeTemplatesData };

type Unread = AnswerOf<typeof messageContract.unreadCount>;
type Subscribed = AnswerOf<typeof messageContract.subscribe>;

export const messageEndpoints = {
  list: endpointOf(messageCalls.list, { quiet: true }),
  unreadCount: endpointOf(messageCalls.unreadCount, { quiet: true }),
  // Quiet: a tap on a message opens its page at once; the dot goes when the answer arrives.
  read: endpointOf(messageCalls.read, { quiet: true }),
  settings: endpointOf(messageCalls.settings, { quiet: true }),
  // Quiet: a switch shows its new state at once, and a toast says when it is saved.
  saveSettings: endpointOf(messageCalls.saveSettings, { quiet: true }),
  subscribeTemplates: endpointOf(messageCalls.subscribeTemplates, { quiet: true }),
  // Quiet: it runs beside the submission or withdrawal the consent was asked for, which has its own indicator.
  subscribe: endpointOf(messageCalls.subscribe, { quiet: true }),
} as const satisfies Record<string, Endpoint>;

export function fetchMessages(page: number, pageSize: number): Promise<MessageListData> {
  return request<MessageListData>(messageEndpoints.list, { page, pageSize });
}

export async function fetchUnreadCount(): Promise<number> {
  return (await request<Unread>(messageEndpoints.unreadCount)).unread;
}

/** Marks `ids` read, or every message of the user when `ids` is left out; answers with what is still unread. */
export async function markMessagesRead(ids?: readonly number[]): Promise<number> {
  return (await request<Unread>(messageEndpoints.read, ids ? { ids: [...ids] } : {})).unread;
}

export function fetchMessageSettings(): Promise<MessageSettingsData> {
  return request<MessageSettingsData>(messageEndpoints.settings);
}

export function saveMessageSettings(list: readonly MessagePreference[]): Promise<MessageSettingsData> {
  return request<MessageSettingsData>(messageEndpoints.saveSettings, { list: [...list] });
}

export function fetchSubscribeTemplates(platform: MiniProgramPlatform): Promise<SubscribeTemplatesData> {
  return request<SubscribeTemplatesData>(messageEndpoints.subscribeTemplates, { platform });
}

/** Stores the templates the user accepted in one consent ask; each lets one message through. */
export function recordSubscribeConsent(platform: MiniProgramPlatform, accepted: readonly string[]): Promise<Subscribed> {
  return request<Subscribed>(messageEndpoints.subscribe, { platform, accepted: [...accepted] });
}
