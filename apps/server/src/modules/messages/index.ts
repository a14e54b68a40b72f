export { default as adminMessageRoutes } from './adminRoutes';
export type { CardOutcome, MessageEvent, MessageFacts } from './facts';
export { eraseUserMessages, rememberLocale } from './repo';
export { default as messageRoutes } from './routes';
export { recordMessage } from './service';
export { MESSAGE_CHANNELS_KEY, saveChannelSetting, type ChannelSettings } from './settingsService';
export { renderMessageText } from './render';
export { processDelivery, sweepDeliveries } from './deliveryService';
