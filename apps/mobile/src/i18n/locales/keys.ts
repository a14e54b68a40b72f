import type { merchantMessages } from './merchant';
import type { messageCentreMessages } from './messageCentre';
import type { zhCN } from './zh-CN';

/** A key of the main dictionaries: the default locale's, which every other locale must provide. */
export type MainMessageKey = keyof typeof zhCN;

/** Every message key: the main dictionaries' and those of the pages that carry their own texts. */
export type MessageKey = MainMessageKey | keyof (typeof merchantMessages)['zh-CN'] | keyof (typeof messageCentreMessages)['zh-CN'];

/** A locale's main dictionary, the one each platform starts with. */
export type Messages = Readonly<Record<MainMessageKey, string>>;
