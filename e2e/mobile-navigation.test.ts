import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  hashPath,
  navBar,
  field,
  routeHref,
  routeNamed,
  routeUrlPattern,
  routes,
  shownPage,
  phoneJourney,
  tabBar,
  tabRoutes,
  type MobileServer,
  type TabRoute,
  zhCN,
  eventually,
} from './support/mobileApp';

/**
 * The rules of docs/product.md "Navigation" as a user meets them in the H5 app: the tab bar, tab pages reached
 * by switchTab, and the back button of a page opened directly.
 */
describe('H5 navigation rules', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  const homeRoute = routes[0];
  const tabLabel = (route: TabRoute) => zhCN[route.tab.labelKey];

  it('switches between every tab from the tab bar, each showing its own page selected', async () => {
    await page.goto(routeHref(server, homeRoute));
    await tabBar(page).waitFor();
    // Visit the tabs right to left and back home, so every tab is entered from another one.
    for (const route of [...tabRoutes.slice(1).reverse(), homeRoute]) {
      await tabBar(page).getByText(tabLabel(route), { exact: true }).tap();
      await page.waitForURL(routeUrlPattern(route));
      expect(hashPath(page)).toBe(route.path);
      await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${route.path}`);
      await eventually(() => tabBar(page).locator('.tab-bar__item--selected').innerText()).toBe(tabLabel(route));
    }
  });

  it('opens tab pages by switching tabs: no back stack, no back button, no browser history', async () => {
    await page.goto(routeHref(server, homeRoute));
    await tabBar(page).waitFor();
    const historyAtStart = await page.evaluate(() => history.length);

    for (const route of tabRoutes.slice(1)) {
      await tabBar(page).getByText(tabLabel(route), { exact: true }).tap();
      await page.waitForURL(routeUrlPattern(route));
      await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${route.path}`);
      // A tab page is a root: nothing to go back to, so Taro's nav bar offers no back or home button.
      await expect(navBar.leadingButton(page).count()).resolves.toBe(0);
    }
    // switchTab replaces the history entry instead of pushing one.
    expect(await page.evaluate(() => history.length)).toBe(historyAtStart);
    // Every page in the DOM is a tab page: switching tabs stacked nothing.
    const pageIds = await page.locator('.taro_page').evaluateAll((els) => els.map((el) => el.id.split('?')[0]));
    expect(pageIds.sort()).toEqual(tabRoutes.map((route) => `/${route.path}`).sort());
  });

  it('relaunches home when the back button is pressed on a page opened directly', async () => {
    const firstPage = routes.find((route) => route.tab === null && route.navStyle === 'default');
    expect(firstPage, 'the route table needs a non-tab page with the default nav bar').toBeDefined();
    await page.goto(routeHref(server, firstPage!));
    await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${firstPage!.path}`);

    await navBar.leadingButton(page).tap();
    await page.waitForURL(routeUrlPattern(homeRoute));
    await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${homeRoute.path}`);
    expect(await tabBar(page).locator('.tab-bar__item--selected').innerText()).toBe(tabLabel(tabRoutes[0]!));
    // A relaunch leaves home as the only page: the page we came from is gone, not hidden.
    await eventually(() => page.locator(`.taro_page[id^="/${firstPage!.path}"]`).count()).toBe(0);
  });

  it('goes back to the opening page from a page opened from it, and a tab switched to from there has no back stack', async () => {
    const person = routeNamed('person');
    const commonProblem = routeNamed('commonProblem');
    await page.goto(routeHref(server, person));
    await shownPage(page).locator('.nut-cell-clickable').filter({ hasText: zhCN['person.menu.commonProblem'] }).tap();
    await page.waitForURL(routeUrlPattern(commonProblem));
    // Opened from another page, the nav bar offers "back" (not "home") and it returns there.
    await expect(navBar.leadingButton(page).getAttribute('class')).resolves.toContain('taro-navigation-bar-back');
    await navBar.leadingButton(page).tap();
    await page.waitForURL(routeUrlPattern(person));
    await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${person.path}`);

    // A search with no hits offers the category tab: a switchTab from a page two deep.
    const searchPage = routeNamed('searchPage');
    const goodsClass = routeNamed('goodsClass');
    await page.goto(routeHref(server, routeNamed('home')));
    await shownPage(page).getByText(zhCN['home.search.placeholder'], { exact: true }).tap();
    await page.waitForURL(routeUrlPattern(searchPage));
    await field(shownPage(page), zhCN['search.placeholder']).fill('没有这种卡');
    await shownPage(page).getByText(zhCN['search.submit'], { exact: true }).tap();
    await shownPage(page).locator('.taro-button-core').filter({ hasText: zhCN['search.empty.action'] }).tap();

    await page.waitForURL(routeUrlPattern(goodsClass));
    await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${goodsClass.path}`);
    await eventually(() => navBar.leadingButton(page).count()).toBe(0);
    // The search page was closed by the tab switch, not left behind under it.
    await eventually(() => page.locator(`.taro_page[id^="/${searchPage.path}"]`).count()).toBe(0);
  });

  it('shows the opening page again when back is tapped the moment a page opened from it appears', async () => {
    const person = routeNamed('person');
    const commonProblem = routeNamed('commonProblem');
    await page.goto(routeHref(server, person));
    await shownPage(page).locator('.nut-cell-clickable').filter({ hasText: zhCN['person.menu.commonProblem'] }).tap();
    await page.waitForURL(routeUrlPattern(commonProblem));
    // Back as soon as the button is drawn, inside the page: before the router's timer that hides the
    // opening page under the new one has run (a hurried user's double tap). Then wait, in the page,
    // past that timer (350 ms from the first tap): the page runs timers in the order they fall due,
    // so however slow the machine, the check below comes after it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const tapWhenDrawn = () => {
            const back = document.querySelector<HTMLElement>('#taro-navigation-bar .taro-navigation-bar-back');
            if (back && back.offsetParent !== null) {
              back.click();
              setTimeout(resolve, 500);
            } else requestAnimationFrame(tapWhenDrawn);
          };
          tapWhenDrawn();
        }),
    );
    await page.waitForURL(routeUrlPattern(person));
    await eventually(() => shownPage(page).getAttribute('id')).toContain(`/${person.path}`);
    await expect(shownPage(page).getByText(zhCN['person.menu.commonProblem'], { exact: true }).isVisible()).resolves.toBe(true);
  });
});
