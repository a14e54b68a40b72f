/**
 * The demo's message channels: every channel on with the simulators' template ids, so the settings
 * and the consent requests show them on the first start (docs/product.md "Messages").
 */
import { messageChannelTable, messageTypeTable } from '@maika/shared';
import { MESSAGE_CHANNELS_KEY, type ChannelSettings } from '../../modules/messages';
import type { Tx } from '../client';
import { settings } from '../schema';

/** Template ids no vendor issued: the simulators accept any, and the console shows them for what they are. */
export const demoChannels: ChannelSettings = Object.fromEntries(
  messageChannelTable.keys.map((channel) => [
    channel,
    { enabled: true, templates: Object.fromEntries(messageTypeTable.keys.map((type) => [type, `demo-${channel}-${type}`])) },
  ]),
) as ChannelSettings;

/**
 * The channels on, with the simulators' template ids. The demo has no messages of its own:
 * each tells of a real order or withdrawal, so the first ones come from the seller's first sale.
 */
export async function seedMessageChannels(tx: Tx): Promise<void> {
  // An operator may have saved the channels before the first start; theirs win.
  await tx.insert(settings).values({ key: MESSAGE_CHANNELS_KEY, value: demoChannels }).onConflictDoNothing();
}
