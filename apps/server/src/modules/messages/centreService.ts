/**
 * The message centre: a user's messages rendered in the language they read, their choices per
 * type, and the subscribe consents the mini-programs collect (docs/product.md "Messages").
 */
import {
  messageChannelTable,
  messageTypeTable,
  type Locale,
  type MessageListData,
  type MessagePreference,
  type MessageSettingsData,
  type MessageTypeKey,
  type MiniProgramPlatform,
  type SubscribeTemplatesData,
  SUBSCRIBE_TEMPLATES_PER_ASK,
} from '@maika/shared';
import { offsetOf, type Page } from '../../db/page';
import type { Deps } from '../../deps';
import { toMessageItem } from './render';
import { addConsents, countMessages, countUnread, findPreferences, listMessages, markRead, rememberLocale, savePreferences } from './repo';
import { defaultPreference } from './service';
import { readChannelSettings } from './settingsService';

export async function getMessageList(deps: Deps, userId: number, page: Page, locale: Locale): Promise<MessageListData> {
  const db = deps.database.db;
  // Texts sent outside the app are written in the language the user reads the app in.
  await rememberLocale(db, userId, locale);
  const [rows, total, unread] = await Promise.all([
    listMessages(db, userId, page.pageSize, offsetOf(page)),
    countMessages(db, userId),
    countUnread(db, userId),
  ]);
  const list = rows.map((row) => toMessageItem(row, locale));
  return { list, total, unread };
}

export const getUnreadCount = async (deps: Deps, userId: number) => ({ unread: await countUnread(deps.database.db, userId) });

/** Marks the named messages (only the user's own) or all of them read; answers what is left unread. */
export async function readMessages(deps: Deps, userId: number, ids: number[] | undefined): Promise<{ unread: number }> {
  await markRead(deps.database.db, userId, ids);
  return getUnreadCount(deps, userId);
}

export async function getMessageSettings(deps: Deps, userId: number): Promise<MessageSettingsData> {
  const db = deps.database.db;
  const [chosen, channels] = await Promise.all([findPreferences(db, userId), readChannelSettings(db)]);
  const byType = new Map(chosen.map((p) => [p.type, p]));
  const list = messageTypeTable.values.map(({ code, key }) => {
    const choice = byType.get(code);
    return { type: code, ...(choice ? { sms: choice.sms, miniProgram: choice.miniProgram } : defaultPreference(key)) };
  });
  return { list, channels: { sms: channels.sms.enabled, weapp: channels.weapp.enabled, alipay: channels.alipay.enabled } };
}

/** Saves the choices for the types named; the others keep theirs. */
export async function saveMessageSettings(deps: Deps, userId: number, list: MessagePreference[]): Promise<MessageSettingsData> {
  await savePreferences(deps.database.db, userId, list);
  return getMessageSettings(deps, userId);
}

/** What each tap asks consent for: the messages that follow from submitting cards, or from withdrawing. */
const asked: Record<keyof SubscribeTemplatesData, readonly MessageTypeKey[]> = {
  submit: ['orderDecided', 'cardsNeedSeller', 'appealDecided'],
  withdraw: ['withdrawalPaid', 'withdrawalReturned'],
};

/** The template ids each tap asks for on the platform: none while its channel is off. */
export async function getSubscribeTemplates(deps: Deps, platform: MiniProgramPlatform): Promise<SubscribeTemplatesData> {
  const setting = (await readChannelSettings(deps.database.db))[platform];
  const idsOf = (types: readonly MessageTypeKey[]) =>
    setting.enabled
      ? ([...new Set(types.map((type) => setting.templates[type]).filter((id) => !!id))] as string[]).slice(0, SUBSCRIBE_TEMPLATES_PER_ASK)
      : [];
  return { submit: idsOf(asked.submit), withdraw: idsOf(asked.withdraw) };
}

/**
 * Stores what the user accepted in a consent request: one message per accepted template. Only the
 * platform's configured template ids count; anything else the client sends is ignored.
 */
export async function storeConsents(
  deps: Deps,
  userId: number,
  platform: MiniProgramPlatform,
  accepted: string[],
): Promise<{ stored: number }> {
  const db = deps.database.db;
  const configured = new Set(Object.values((await readChannelSettings(db))[platform].templates).filter((id) => !!id));
  const ids = [...new Set(accepted)].filter((id) => configured.has(id));
  await addConsents(db, userId, messageChannelTable.byKey(platform)!.code, ids);
  return { stored: ids.length };
}
