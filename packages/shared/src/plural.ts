/**
 * Plural forms inside UI strings, in ICU MessageFormat's plural syntax, which both apps' message
 * catalogues use: `{count, plural, one {# card} other {# cards}}`. The form comes from the
 * locale's CLDR plural rules (Intl.PluralRules); `=N` picks an exact number first, and `#`
 * stands for the number. Chinese has a single form, so its strings need no plural block.
 */
/** A plural block, its count's name and its forms captured. */
export const PLURAL_BLOCK = /\{(\w+),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

const rulesByLocale = new Map<string, (n: number) => string>();

/** The CLDR plural category of `n`; where the engine lacks Intl.PluralRules (some mini-program runtimes), English's rule. */
function pluralCategory(locale: string, n: number): string {
  let select = rulesByLocale.get(locale);
  if (!select) {
    const rules = typeof Intl !== 'undefined' && typeof Intl.PluralRules === 'function' ? new Intl.PluralRules(locale) : undefined;
    select = rules ? (value: number) => rules.select(value) : (value: number) => (value === 1 ? 'one' : 'other');
    rulesByLocale.set(locale, select);
  }
  return select(n);
}

/** Resolves every plural block of `text` whose count is a number in `params`; other blocks stay as they are. */
export function applyPlurals(text: string, locale: string, params: Readonly<Record<string, unknown>>): string {
  if (!text.includes('plural')) return text;
  return text.replace(PLURAL_BLOCK, (block, name: string, body: string) => {
    const value = params[name];
    if (typeof value !== 'number') return block;
    const forms = new Map([...body.matchAll(PLURAL_FORM)].map((match) => [match[1]!, match[2]!]));
    const chosen = forms.get(`=${value}`) ?? forms.get(pluralCategory(locale, value)) ?? forms.get('other');
    return chosen === undefined ? block : chosen.replace(/#/g, String(value));
  });
}
