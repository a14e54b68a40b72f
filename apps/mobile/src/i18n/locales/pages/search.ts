/**
 * The search page's own texts (searchPage). Only that page shows them, so they ship with its code,
 * in its subpackage on the mini-programs; the page adds them when its code loads (addPageMessages
 * in i18n/messages.ts).
 */
const zhCN = {
  'search.placeholder': '输入卡种名称',
  'search.submit': '搜索',
  'search.recent.title': '最近搜索',
  'search.recent.clear': '清空',
  'search.popular.title': '大家都在卖',
  'search.results.count': '找到 {count} 个卡种',
  'search.empty.title': '没有找到“{keyword}”相关卡种',
  'search.empty.body': '换个关键词试试，或在分类中查看全部卡种',
  'search.empty.action': '查看全部分类',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'search.placeholder': 'Card type name',
  'search.submit': 'Search',
  'search.recent.title': 'Recent searches',
  'search.recent.clear': 'Clear',
  'search.popular.title': 'Popular with sellers',
  'search.results.count': '{count, plural, one {# card type found} other {# card types found}}',
  'search.empty.title': 'No card types match “{keyword}”',
  'search.empty.body': 'Try another word, or browse every card type by category',
  'search.empty.action': 'Browse categories',
};

export const searchMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
