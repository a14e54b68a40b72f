import { formatRateBp } from '@maika/shared';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  field,
  hashPath,
  routeHref,
  routeNamed,
  routeUrlPattern,
  shownPage,
  phoneJourney,
  uiText,
  zhCN,
  type MobileServer,
  eventually,
} from './support/mobileApp';

interface CardTypeSummary {
  id: number;
  name: string;
  bestRateBp: number;
}
interface Category {
  id: number;
  name: string;
  cardTypes: CardTypeSummary[];
}

/** A visitor who has not logged in looks around: what the shop buys and at what rate. */
describe('browsing the catalogue without an account', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  /** The demo catalogue as the API serves it: what the pages must show. */
  let catalogue: Category[];
  beforeEach(() => {
    ({ server, page } = journey);
  });
  beforeAll(async () => {
    catalogue = (await journey.server.api<Category[]>('/api/goods/getClassList')).data;
    expect(catalogue.length, 'the demo data has categories').toBeGreaterThan(0);
  });

  it('home shows the demo banners and every category', async () => {
    const banners = (await server.api<{ image: string }[]>('/api/Basis/getChart?position=1')).data;
    expect(banners.length).toBeGreaterThan(0);
    await page.goto(routeHref(server, routeNamed('home')));
    const home = shownPage(page);

    const categoryNames = home.locator('.home__category-name');
    await eventually(() => categoryNames.allInnerTexts()).toEqual(catalogue.map((category) => category.name));

    // Each banner image is on the page and has actually loaded (a broken src has no width).
    const bannerImages = home.locator('.home__banner img');
    await eventually(
      async () => new Set(await bannerImages.evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src).pathname))),
    ).toEqual(new Set(banners.map((banner) => banner.image)));
    await eventually(() =>
      bannerImages.evaluateAll((imgs) =>
        imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      ),
    ).toBe(true);
  });

  it('the home banners move on by themselves, one dot per banner, and a tapped banner opens its link', async () => {
    const banners = (await server.api<{ image: string; link: string }[]>('/api/Basis/getChart?position=1')).data;
    expect(banners.length, 'the demo data has several home banners').toBeGreaterThan(1);
    await page.goto(routeHref(server, routeNamed('home')));
    const carousel = shownPage(page).locator('.home__banner');
    await eventually(() => carousel.locator('.carousel__dot').count()).toBe(banners.length);

    // Which banner fills the carousel now, by its image.
    const shownImage = () =>
      carousel.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const image = centre?.closest('.carousel__slide')?.querySelector('img');
        return image ? new URL(image.src).pathname : null;
      });
    const activeDot = () =>
      carousel.locator('.carousel__dot').evaluateAll((dots) => dots.findIndex((dot) => dot.classList.contains('carousel__dot--active')));
    // The dot follows the scroll a render later than the image: the banner and its dot are read
    // together until they agree, first on the first banner, then, moved on by autoplay, the second.
    const shownBannerAndDot = async () => [await shownImage(), await activeDot()];
    await eventually(shownBannerAndDot, 'the first banner with the first dot active').toEqual([banners[0]!.image, 0]);
    await eventually(shownBannerAndDot, 'the second banner with the second dot active, moved on by autoplay').toEqual([
      banners[1]!.image,
      1,
    ]);

    const linked = banners.findIndex((banner) => banner.link === `/${routeNamed('goodsClass').path}`);
    expect(linked, 'a demo banner links to the category tab').toBeGreaterThanOrEqual(0);
    await eventually(shownImage).toBe(banners[linked]!.image);
    await carousel.tap();
    await page.waitForURL(routeUrlPattern(routeNamed('goodsClass')));
  });

  it('a category tapped on home opens the category tab on it, listing its card types with their best rates', async () => {
    const category = catalogue.find((candidate) => candidate.cardTypes.some((cardType) => cardType.name === '京东E卡'))!;
    await page.goto(routeHref(server, routeNamed('home')));
    await shownPage(page).locator('.home__category').filter({ hasText: category.name }).tap();

    await page.waitForURL(routeUrlPattern(routeNamed('goodsClass')));
    const goodsClass = shownPage(page);
    await eventually(() => goodsClass.locator('.goods-class__category--selected').innerText()).toBe(category.name);
    await eventually(() => goodsClass.locator('.goods-class__panel-title').innerText()).toBe(category.name);

    const rows = goodsClass.locator('.goods-class__panel .card-type-row');
    await eventually(() => rows.count()).toBe(category.cardTypes.length);
    for (const cardType of category.cardTypes) {
      const row = rows.filter({ has: page.getByText(cardType.name, { exact: true }) });
      await eventually(() => row.locator('.card-type-row__rate-value').innerText(), cardType.name).toBe(formatRateBp(cardType.bestRateBp));
    }
  });

  it('the search page finds 京东E卡 by part of its name', async () => {
    const expected = (await server.api<{ name: string }[]>(`/api/goods/search?keyword=${encodeURIComponent('京东')}`)).data;
    expect(expected.map((hit) => hit.name)).toContain('京东E卡');

    await page.goto(routeHref(server, routeNamed('goodsClass')));
    // The search box on the category tab is an entry to the search page, where the real input is.
    await shownPage(page).getByText(uiText('home.search.placeholder')).tap();
    await page.waitForURL(routeUrlPattern(routeNamed('searchPage')));
    expect(hashPath(page)).toBe(routeNamed('searchPage').path);

    const search = shownPage(page);
    await field(search, zhCN['search.placeholder']).fill('京东');
    await search.getByText(zhCN['search.submit'], { exact: true }).tap();

    const names = search.locator('.search__results .card-type-row__name');
    await eventually(() => names.allInnerTexts()).toEqual(expected.map((hit) => hit.name));
    await eventually(() => search.locator('.search__count').innerText()).toBe(
      zhCN['search.results.count'].replace('{count}', String(expected.length)),
    );
  });
});
