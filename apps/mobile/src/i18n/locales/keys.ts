import type { pageMessages } from './pages';
import type { zhCN } from './zh-CN';

/** A key of the main dictionaries: the default locale's, which every other locale must provide. */
export type MainMessageKey = keyof typeof zhCN;

/** The keys of one page's own texts (pages/). */
type PageMessageKey<Page> = Page extends { readonly 'zh-CN': infer Texts } ? keyof Texts : never;

/** Every message key: the main dictionaries' and those of the pages that carry their own texts. */
export type MessageKey = MainMessageKey | PageMessageKey<(typeof pageMessages)[number]>;

/** A locale's main dictionary, the one each platform starts with. */
export type Messages = Readonly<Record<MainMessageKey, string>>;
