export type { CardOutcome, MessageEvent, MessageFacts } from './facts';
export { eraseUserMessages, rememberLocale } from './repo';
export { default as messageRoutes } from './routes';
export { recordMessage } from './service';
export {
  MESSAGE_CHANNELS_KEY,
  readChannelSettings,
  saveChannelSetting,
  type ChannelSetting,
  type ChannelSettings,
} from './settingsService';
export { messageLink, renderMessageText } from './render';
