import { Code } from '../codes';
import { idParams } from '../api/admin';
import {
  adminDelivery,
  adminMessageChannel,
  adminMessageChannelBody,
  adminMessageChannelList,
  adminMessageList,
  adminUserMessagesQuery,
  channelParams,
  deliveryIdParams,
  messageListData,
  messageListQuery,
  messageReadBody,
  messageSettingsBody,
  messageSettingsData,
  subscribeBody,
  subscribeData,
  subscribeTemplatesData,
  subscribeTemplatesQuery,
  unreadCountData,
} from '../api/messages';
import { withSchemas } from './call';
import { messageCalls } from './calls/messages';

export const messageContract = withSchemas(messageCalls, {
  list: { query: messageListQuery, answer: messageListData },
  unreadCount: { answer: unreadCountData },
  read: { body: messageReadBody, answer: unreadCountData },
  settings: { answer: messageSettingsData },
  saveSettings: { body: messageSettingsBody, answer: messageSettingsData },
  subscribeTemplates: { query: subscribeTemplatesQuery, answer: subscribeTemplatesData },
  subscribe: { body: subscribeBody, answer: subscribeData },
  adminUserMessages: { params: idParams, query: adminUserMessagesQuery, answer: adminMessageList, codes: [Code.NotFound] },
  resend: { params: deliveryIdParams, answer: adminDelivery, codes: [Code.NotFound, Code.DeliveryNotResendable] },
  adminChannels: { answer: adminMessageChannelList },
  saveChannel: { params: channelParams, body: adminMessageChannelBody, answer: adminMessageChannel, codes: [Code.MessageTemplateMissing] },
});
