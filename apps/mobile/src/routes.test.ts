import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { homeRoute, routeByName, routeByPath, routes, routeUrl, tabRoutes } from './routes';

const srcDir = fileURLToPath(new URL('.', import.meta.url));

describe('route table', () => {
  it('opens on the home page', () => {
    expect(routes[0]).toBe(homeRoute);
    expect(homeRoute.path).toBe('pages/home/home');
  });

  it('has the four tabs in tab-bar order', () => {
    expect(tabRoutes.map((route) => route.path)).toEqual([
      'pages/home/home',
      'pages/goodsClass/goodsClass',
      'pages/order/order',
      'pages/person/person',
    ]);
  });

  it('gives home, person and share a custom nav bar and the other pages the default one', () => {
    const custom = routes.filter((route) => route.navStyle === 'custom').map((route) => route.name);
    expect(custom).toEqual(['home', 'person', 'share']);
  });

  it('lists exactly the pages that exist, each with its page config', () => {
    const pageDirs = readdirSync(new URL('./pages', import.meta.url)).sort();
    expect(routes.map((route) => route.path.split('/')[1]).sort()).toEqual(pageDirs);
    for (const route of routes) {
      expect(existsSync(`${srcDir}${route.path}.tsx`), route.path).toBe(true);
      expect(existsSync(`${srcDir}${route.path}.config.ts`), route.path).toBe(true);
    }
  });

  it('finds a route by the path a platform reports, query and leading slash included', () => {
    expect(routeByPath('/pages/order/order?from=home')).toBe(routeByName('order'));
    expect(routeByPath('pages/person/person')).toBe(routeByName('person'));
    expect(routeByPath('/')).toBe(homeRoute);
    expect(routeByPath('/pages/nowhere/nowhere')).toBeUndefined();
  });

  it('builds page URLs with an encoded query', () => {
    expect(routeUrl(routeByName('goodsClass'))).toBe('/pages/goodsClass/goodsClass');
    expect(routeUrl(routeByName('goodsClass'), { keyword: 'JD E-card', page: 2 })).toBe(
      '/pages/goodsClass/goodsClass?keyword=JD%20E-card&page=2',
    );
  });
});
