export { default as adminMessageRoutes } from './adminRoutes';
export type { CardOutcome, MessageEvent, MessageFacts } from './facts';
export { recordMessage } from './service';
export { readChannelSettings, saveChannelSetting, type ChannelSetting, type ChannelSettings } from './settingsService';
export { messageLink, renderMessageText } from './render';
