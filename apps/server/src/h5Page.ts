import { assetAddress, BannerPosition, fillCatalogueSlots, homeBannerSlot, locales, pickLocale, type Locale } from '@maika/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from './http/appInstance';
import { etagMatches } from './http/cachedAnswer';
import { getClassList } from './modules/catalogue/service';
import { publicBanners } from './modules/content';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with each language's first home banner in its slot; a language without one keeps the skeleton. */
export function fillHomeBanners(indexHtml: string, images: Partial<Record<Locale, string>>): string {
  return locales.reduce((html, locale) => {
    const image = images[locale];
    // The first screen is aria-hidden; the home page's own banner carries the meaning.
    return image
      ? html.replace(homeBannerSlot(locale), `<img src="${escapeAttribute(assetAddress(image))}" alt="" fetchpriority="high">`)
      : html;
  }, indexHtml);
}

/**
 * A preload of the home banner the first screen shows in the reader's language (the one index.html's
 * head script picks from the browser's languages, as Accept-Language says them): its fetch leaves with
 * the response's headers, ahead of the scripts', so the banner paints before the app's scripts run and
 * the app's own banner, drawn later at the same size, is not the page's largest paint. An address a
 * header cannot carry as it is gets none.
 */
export function homeBannerPreload(images: Partial<Record<Locale, string>>, acceptLanguage: string | undefined): string | undefined {
  const image = images[pickLocale(acceptLanguage)];
  if (!image) return undefined;
  const address = assetAddress(image);
  return /^[\x21-\x7e]+$/.test(address) && !/[<>]/.test(address) ? `<${address}>; rel=preload; as=image; fetchpriority=high` : undefined;
}

/**
 * The H5 app's index.html, its home first screen showing the current first home banner and its tab
 * pages' first screens the catalogue (categories, card types and rates): on a phone on a slow network
 * the page's largest element paints from the first response instead of after the scripts, the API
 * calls and the images. Kept in the public cache with the content it shows, so an operator's change
 * is served at once; revalidated by its ETag on every visit.
 */
export function serveH5Index(app: AppInstance, indexHtml: string): void {
  const { deps } = app;
  const render = async () => {
    const firsts = await Promise.all(
      locales.map(async (locale) => [locale, (await publicBanners(deps, locale, BannerPosition.Home)).data[0]?.image] as const),
    );
    // The catalogue call's own cached answer (modules/catalogue/routes.ts): the page shows what the app will be told.
    const catalogues = await Promise.all(
      locales.map(
        async (locale) => [locale, (await deps.publicCache.get(`classList:${locale}`, () => getClassList(deps, locale))).data] as const,
      ),
    );
    const banners: Partial<Record<Locale, string>> = Object.fromEntries(firsts.filter(([, image]) => image));
    return { html: fillCatalogueSlots(fillHomeBanners(indexHtml, banners), Object.fromEntries(catalogues)), banners };
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await deps.publicCache.get('h5-index', render);
    // Weak: compression may re-encode the bytes.
    const etag = `W/${page.etag}`;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-language');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const preload = homeBannerPreload(page.data.banners, request.headers['accept-language']);
    if (preload) reply.header('link', preload);
    return reply.type('text/html; charset=utf-8').send(page.data.html);
  };
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/index.html', { schema: { hide: true } }, handler);
}
