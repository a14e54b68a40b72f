/**
 * The channels' settings an operator keeps in the console: each channel on or off and its
 * template id per message type. One settings row, read where a message is recorded.
 */
import { messageChannelTable, type MessageChannelKey, type MessageTypeKey } from '@maika/shared';
import type { Queryable } from '../../db/client';
import { readSetting, writeSetting } from '../content';

/** The settings row the channels are kept in. */
export const MESSAGE_CHANNELS_KEY = 'messageChannels';

export interface ChannelSetting {
  enabled: boolean;
  /** A type without a template id is not sent on the channel. */
  templates: Partial<Record<MessageTypeKey, string>>;
}
export type ChannelSettings = Record<MessageChannelKey, ChannelSetting>;

const off: ChannelSetting = { enabled: false, templates: {} };

export async function readChannelSettings(db: Queryable): Promise<ChannelSettings> {
  const stored = (await readSetting<Partial<ChannelSettings>>(db, MESSAGE_CHANNELS_KEY)) ?? {};
  return Object.fromEntries(messageChannelTable.keys.map((key) => [key, stored[key] ?? off])) as ChannelSettings;
}

export async function saveChannelSetting(db: Queryable, channel: MessageChannelKey, setting: ChannelSetting): Promise<void> {
  await writeSetting(db, MESSAGE_CHANNELS_KEY, { ...(await readChannelSettings(db)), [channel]: setting });
}
