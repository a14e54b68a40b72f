/**
 * H5 only: the language the app will start in, decided by index.html before the app's scripts run,
 * so the messages of a locale other than the default are fetched beside the entry instead of after
 * it (the app's first render waits for them).
 *
 * `startLocaleOf` is put into index.html as source text (config/index.ts), so it must stay
 * self-contained: no imports, nothing from outside its own body. It follows the app's own rules:
 * the locale chosen in Settings (the persisted settings store, in Taro's storage format), else the
 * first browser language that is English or Chinese (`pickLocale` on the browser's list), else Chinese.
 */
export function startLocaleOf(storedSettings: string | null, languages: readonly string[]): 'zh-CN' | 'en-US' {
  try {
    const state = JSON.parse(JSON.parse(storedSettings ?? 'null')?.data ?? 'null')?.state;
    if (state?.chosenLocale === 'zh-CN' || state?.chosenLocale === 'en-US') return state.chosenLocale;
  } catch {
    // Unreadable storage follows the browser, as the settings store does.
  }
  for (const tag of languages) {
    const primary = String(tag).split(/[-_]/, 1)[0]!.trim().toLowerCase();
    if (primary === 'en') return 'en-US';
    if (primary === 'zh') return 'zh-CN';
  }
  return 'zh-CN';
}

/** The storage key of the persisted settings store (storage/cache.ts uses it). */
export const settingsStorageKey = 'settings';

/**
 * The webpack chunk that holds a locale's messages on H5 (locales/load.h5.ts names it).
 * @public config/index.ts reads it through config/shared.ts's requireWithEsbuild, which knip cannot follow.
 */
export const messagesChunkName = (locale: string) => `i18n-${locale}`;

/**
 * The inline script of index.html: decides the start locale, sets it as the document's language and,
 * when that locale's messages are a chunk of their own, adds its script at once. `chunkFiles` maps locale to the chunk's URL.
 */
export function startLocaleScript(chunkFiles: Readonly<Record<string, string>>): string {
  return [
    '(function(){var locale;',
    `try{locale=(${startLocaleOf.toString()})(localStorage.getItem(${JSON.stringify(settingsStorageKey)}),navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''])}catch(e){return}`,
    // The static first screen (firstScreen.ts) is picked in this language; the app sets the same.
    'document.documentElement.lang=locale;',
    `var file=${JSON.stringify(chunkFiles)}[locale];`,
    "if(file){var script=document.createElement('script');script.src=file;document.head.appendChild(script)}})();",
  ].join('');
}
