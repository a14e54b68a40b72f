import type { Locale } from './i18n';

/**
 * Where the home page's first screen in index.html (apps/mobile/src/firstScreen.ts) takes the first
 * home banner of a locale. The server that serves index.html fills it in (apps/server/src/h5Page.ts),
 * so the page's largest element is painted from the first response, before any script arrives.
 */
// An element, not a comment: the build's HTML minifier drops comments.
export const homeBannerSlot = (locale: Locale) => `<span data-home-banner="${locale}"></span>`;
