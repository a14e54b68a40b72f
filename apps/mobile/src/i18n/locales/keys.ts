import type { zhCN } from './zh-CN';

/** Every message key: the default locale's, which every other locale must provide. */
export type MessageKey = keyof typeof zhCN;
export type Messages = Readonly<Record<MessageKey, string>>;
