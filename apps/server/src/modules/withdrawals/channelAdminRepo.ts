import type { AdminChannelBody, PayeeChannel } from '@maika/shared';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { withdrawalChannels } from '../../db/schema';
import type { ChannelRow } from './repo';

export async function updateChannel(db: Queryable, channel: PayeeChannel, values: AdminChannelBody): Promise<ChannelRow | undefined> {
  const [row] = await db.update(withdrawalChannels).set(values).where(eq(withdrawalChannels.channel, channel)).returning();
  return row;
}
