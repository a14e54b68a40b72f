import { assetAddress } from './addresses';
import type { CardTypeSummary, GoodsClass } from './api/catalogue';
import { renderMessage, type Locale } from './i18n';
import { formatRateBp } from './money';

/**
 * Where the home page's first screen in index.html (apps/mobile/src/firstScreen.ts) takes the first
 * home banner of a locale. The server that serves index.html fills it in (apps/server/src/h5Page.ts),
 * so the page's largest element is painted from the first response, before any script arrives.
 */
// An element, not a comment: the build's HTML minifier drops comments.
export const homeBannerSlot = (locale: Locale) => `<span data-home-banner="${locale}"></span>`;

/** The tab pages whose first screen shows the catalogue: the category entries and popular card types, the category tab. */
export type CatalogueScreen = 'home' | 'goodsClass';

/** The app's words the catalogue's first screen shows, in the slot's locale: the server has no app dictionary. */
export interface CatalogueLabels {
  bestRate: string;
  /** The card type count of a category: a message template with `{count}` (plurals included). */
  count: string;
  maintenance: string;
  physical: string;
  popularTitle: string;
  popularMore: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Where a tab page's first screen takes the catalogue of a locale, with the words to show it in. It
 * sits before the page's skeleton, which the filled catalogue hides (`.fs-filled ~ *`); left empty,
 * the skeleton stays.
 */
export const catalogueSlot = (screen: CatalogueScreen, locale: Locale, labels: CatalogueLabels) =>
  `<span data-catalogue="${screen}" data-locale="${locale}" data-labels="${escapeHtml(JSON.stringify(labels))}"></span>`;

/** Every catalogue slot in a page, as `catalogueSlot` writes them. */
const catalogueSlotPattern = /<span data-catalogue="(home|goodsClass)" data-locale="([\w-]+)" data-labels="([^"]*)"><\/span>/g;

/** How many card types the home page's popular list shows (pages/home). */
const POPULAR_COUNT = 5;
/** Card types of the selected category the first screen draws: more than a phone's screen holds. */
const GOODS_CLASS_ROWS = 6;

function cardTypeRow(cardType: CardTypeSummary, labels: CatalogueLabels, categoryName?: string): string {
  const dimmed = cardType.maintenance ? ' fs-ct-dimmed' : '';
  const logo = cardType.logo
    ? `<img class="fs-ct-logo${dimmed}" src="${escapeHtml(assetAddress(cardType.logo))}" alt="">`
    : `<div class="fs-ct-logo fs-ct-initial${dimmed}">${escapeHtml(Array.from(cardType.name)[0] ?? '')}</div>`;
  const tags =
    (categoryName ? `<span class="fs-ct-category">${escapeHtml(categoryName)}</span>` : '') +
    (cardType.maintenance ? `<span class="fs-badge fs-badge-maintenance">${escapeHtml(labels.maintenance)}</span>` : '') +
    (cardType.physical ? `<span class="fs-badge fs-badge-physical">${escapeHtml(labels.physical)}</span>` : '');
  return (
    `<div class="fs-ct">${logo}<div class="fs-ct-main"><div class="fs-ct-name">${escapeHtml(cardType.name)}</div><div class="fs-ct-tags">${tags}</div></div>` +
    `<div class="fs-ct-rate${cardType.maintenance ? ' fs-ct-paused' : ''}"><span class="fs-ct-rate-label">${escapeHtml(labels.bestRate)}</span>` +
    `<span class="fs-ct-rate-value">${formatRateBp(cardType.bestRateBp)}</span></div></div>`
  );
}

/** The category tab as it opens: every category down the side, the first one's card types beside them. */
function goodsClassCatalogue(categories: readonly GoodsClass[], labels: CatalogueLabels, locale: Locale): string {
  const selected = categories[0]!;
  const side = categories
    .map(
      (category, index) =>
        `<div class="fs-gc-category${index === 0 ? ' fs-gc-selected' : ''}"><span>${escapeHtml(category.name)}</span></div>`,
    )
    .join('');
  const count = renderMessage(labels.count, { count: selected.cardTypes.length }, locale);
  const icon = selected.icon ? `<img class="fs-gc-icon" src="${escapeHtml(assetAddress(selected.icon))}" alt="">` : '';
  const head = `<div class="fs-gc-head">${icon}<span class="fs-gc-title">${escapeHtml(selected.name)}</span><span class="fs-gc-count">${escapeHtml(count)}</span></div>`;
  const rows = selected.cardTypes
    .slice(0, GOODS_CLASS_ROWS)
    .map((cardType) => cardTypeRow(cardType, labels))
    .join('');
  return `<div class="fs-filled fs-gc"><div class="fs-gc-sidebar">${side}</div><div class="fs-gc-filled-panel">${head}${rows}</div></div>`;
}

/** Home's category entries and the card types paying the most, as pages/home draws them. */
function homeCatalogue(categories: readonly GoodsClass[], labels: CatalogueLabels): string {
  const entries = categories
    .map(
      (category) =>
        `<div class="fs-home-category">${
          category.icon
            ? `<img class="fs-home-category-icon" src="${escapeHtml(assetAddress(category.icon))}" alt="">`
            : '<div class="fs-home-category-icon fs-home-category-blank"></div>'
        }<span class="fs-home-category-name">${escapeHtml(category.name)}</span></div>`,
    )
    .join('');
  const popular = categories
    .flatMap((category) => category.cardTypes.map((cardType) => ({ cardType, categoryName: category.name })))
    .filter(({ cardType }) => !cardType.maintenance)
    .sort((a, b) => b.cardType.bestRateBp - a.cardType.bestRateBp)
    .slice(0, POPULAR_COUNT);
  const popularCard =
    popular.length === 0
      ? ''
      : `<div class="fs-card fs-home-card fs-home-popular"><div class="fs-home-card-head"><span class="fs-home-card-title">${escapeHtml(labels.popularTitle)}</span>` +
        `<span class="fs-home-more">${escapeHtml(labels.popularMore)}</span></div>` +
        popular.map(({ cardType, categoryName }) => cardTypeRow(cardType, labels, categoryName)).join('') +
        '</div>';
  return `<div class="fs-filled"><div class="fs-card fs-home-card fs-home-categories">${entries}</div>${popularCard}</div>`;
}

/**
 * index.html with each catalogue slot filled from its locale's categories; a locale without
 * categories (none enabled, or not read) keeps its skeleton.
 */
export function fillCatalogueSlots(indexHtml: string, categoriesOf: Partial<Record<Locale, readonly GoodsClass[]>>): string {
  return indexHtml.replace(catalogueSlotPattern, (slot, screen: CatalogueScreen, locale: Locale, labelsText: string) => {
    const categories = categoriesOf[locale];
    if (!categories || categories.length === 0) return slot;
    const labels = JSON.parse(unescapeHtml(labelsText)) as CatalogueLabels;
    return screen === 'home' ? homeCatalogue(categories, labels) : goodsClassCatalogue(categories, labels, locale);
  });
}
