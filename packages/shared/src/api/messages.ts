/**
 * Messages to sellers: the message centre (/api/message/*), the consents a mini-program collects
 * for subscribe messages, and the back office's view of each user's messages and deliveries
 * (docs/product.md "Messages"). Types, channels and delivery statuses are the tables in ../enums.
 */
import { z } from 'zod';
import { deliveryStatusSchema, messageChannelSchema, messageTypeSchema } from '../enumSchemas';
import { messageTypeTable, type MessageTypeKey } from '../enums';
import { miniProgramPlatforms } from './identity';
import { idSchema as id, isoTimeSchema as isoTime, pageFields, positiveIdSchema, queryIdSchema } from './common';

const page = pageFields();

/** At most this many ids in one mark-read call; "all" is the call without ids. */
export const MESSAGE_READ_IDS_MAX = 100;
/** WeChat shows at most three templates in one consent request. */
export const SUBSCRIBE_TEMPLATES_PER_ASK = 3;
/** A template id as WeChat and Alipay issue them. */
export const TEMPLATE_ID_MAX = 64;
const TEMPLATE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/u;

// ---------------------------------------------------------------------------------------------
// GET /api/message/list?page=&pageSize=, GET /api/message/unreadCount, POST /api/message/read

export const messageListQuery = z.object(page);

export const messageItem = z.object({
  id,
  type: messageTypeSchema,
  /** Rendered in the reader's language (Accept-Language). */
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: isoTime,
  /** The app page the message is about (`/pages/...?...`), or null when it is about no one page. */
  link: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messageListData = z.object({ list: z.array(messageItem), total: z.number().int(), unread: z.number().int() });
export type MessageListData = z.infer<typeof messageListData>;

export const unreadCountData = z.object({ unread: z.number().int() });

export const messageReadBody = z.object({
  /** The messages to mark read; omitted means every message of the user. */
  ids: z
    .array(positiveIdSchema)
    .min(1, 'must name at least one message, or be left out to mark all read')
    .max(MESSAGE_READ_IDS_MAX, `must name at most ${MESSAGE_READ_IDS_MAX} messages`)
    .optional(),
});
export type MessageReadBody = z.input<typeof messageReadBody>;

// ---------------------------------------------------------------------------------------------
// GET /api/message/settings, POST /api/message/settings

/** Per message type, whether the user wants it by SMS and as a mini-program subscribe message. */
export const messagePreference = z.object({
  type: messageTypeSchema,
  sms: z.boolean({ error: 'must be true or false' }),
  miniProgram: z.boolean({ error: 'must be true or false' }),
});
export type MessagePreference = z.infer<typeof messagePreference>;

export const messageSettingsData = z.object({
  /** Every type, in the order of the type table. */
  list: z.array(messagePreference),
  /** The channels the platform has turned on: a switch for a channel that is off is not shown. */
  channels: z.object({ sms: z.boolean(), weapp: z.boolean(), alipay: z.boolean() }),
});
export type MessageSettingsData = z.infer<typeof messageSettingsData>;

export const messageSettingsBody = z.object({
  list: z
    .array(messagePreference)
    .min(1, 'must name at least one message type')
    .max(messageTypeTable.codes.length, `must name at most ${messageTypeTable.codes.length} message types`)
    .refine((list) => new Set(list.map((p) => p.type)).size === list.length, 'must name each message type once'),
});
export type MessageSettingsBody = z.input<typeof messageSettingsBody>;

// ---------------------------------------------------------------------------------------------
// GET /api/message/subscribeTemplates?platform=, POST /api/message/subscribe

const miniProgramPlatformSchema = z.enum(miniProgramPlatforms, { error: "must be 'weapp' or 'alipay'" });

export const subscribeTemplatesQuery = z.object({ platform: miniProgramPlatformSchema });

/**
 * The template ids to ask consent for, per tap: at most three each (empty when the channel is
 * off). The submit tap asks for the card messages, the withdraw tap for the withdrawal ones.
 */
export const subscribeTemplatesData = z.object({
  submit: z.array(z.string()).max(SUBSCRIBE_TEMPLATES_PER_ASK),
  withdraw: z.array(z.string()).max(SUBSCRIBE_TEMPLATES_PER_ASK),
});
export type SubscribeTemplatesData = z.infer<typeof subscribeTemplatesData>;

const templateId = z
  .string({ error: 'must be a template id' })
  .regex(TEMPLATE_ID_PATTERN, 'must be a template id of letters, digits, _ and -');

export const subscribeBody = z.object({
  platform: miniProgramPlatformSchema,
  /** The template ids the user accepted in this ask; each allows one message. */
  accepted: z.array(templateId).max(SUBSCRIBE_TEMPLATES_PER_ASK, `must name at most ${SUBSCRIBE_TEMPLATES_PER_ASK} templates`),
});
export type SubscribeBody = z.input<typeof subscribeBody>;
export const subscribeData = z.object({ stored: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Back office: a user's messages and their deliveries, resending a failed one, and the channels

export const adminUserMessagesQuery = z.object(page);

export const adminDelivery = z.object({
  id,
  channel: messageChannelSchema,
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  /** What the vendor answered (its code and message), or why it was not sent; never a card secret. */
  vendorAnswer: z.string().nullable(),
  sentAt: isoTime.nullable(),
  updatedAt: isoTime,
});
export type AdminDelivery = z.infer<typeof adminDelivery>;

export const adminMessage = messageItem.extend({ deliveries: z.array(adminDelivery) });
export type AdminMessage = z.infer<typeof adminMessage>;
export const adminMessageList = z.object({ list: z.array(adminMessage), total: z.number().int() });

export const deliveryIdParams = z.object({ id: queryIdSchema });

/** Template ids by message type key; a type left out is not sent on that channel. */
export const channelTemplates = z.partialRecord(
  z.enum(messageTypeTable.keys as unknown as [MessageTypeKey, ...MessageTypeKey[]]),
  templateId.or(z.literal('')),
);

export const adminMessageChannel = z.object({
  channel: messageChannelSchema,
  enabled: z.boolean(),
  templates: channelTemplates,
});
export type AdminMessageChannel = z.infer<typeof adminMessageChannel>;
export const adminMessageChannelList = z.object({ list: z.array(adminMessageChannel) });
export const channelParams = z.object({ channel: z.coerce.number().pipe(messageChannelSchema) });
export const adminMessageChannelBody = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
  templates: channelTemplates,
});
export type AdminMessageChannelBody = z.input<typeof adminMessageChannelBody>;
