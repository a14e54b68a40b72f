/**
 * Links that arrive in server content (banners, announcements) name pages by path. They go
 * through the navigation wrapper like every other move, and only to pages of the route table.
 */
import { isAbsoluteAddress } from '@maika/shared';
import { navigateTo, switchTab } from '@/navigation';
import { isTabRoute, routeByPath } from '@/routes';

/** `a=1&b=x%20y` as a query object; a malformed escape leaves its part undecoded. */
function parseQuery(search: string): Record<string, string> {
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  const query: Record<string, string> = {};
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const separator = pair.indexOf('=');
    const key = separator < 0 ? pair : pair.slice(0, separator);
    query[decode(key)] = separator < 0 ? '' : decode(pair.slice(separator + 1));
  }
  return query;
}

/**
 * Opens the page a content link names (`pages/goodsClass/goodsClass`,
 * `/pages/jumpTemplate/jumpTemplate?point=6`). Anything that is not a page of the route table (a
 * web address, a page this version lacks) opens nothing and gives false.
 */
export async function openContentLink(link: string): Promise<boolean> {
  const trimmed = link.trim();
  if (trimmed === '' || isAbsoluteAddress(trimmed)) return false;
  const route = routeByPath(trimmed);
  if (!route) return false;
  if (isTabRoute(route)) {
    await switchTab(route.name);
  } else {
    const queryStart = trimmed.indexOf('?');
    await navigateTo(route.name, queryStart < 0 ? undefined : parseQuery(trimmed.slice(queryStart + 1)));
  }
  return true;
}
