/**
 * The route table: every page of the app, in the order app.config.ts lists them (the first is the
 * home page). app.config.ts is built from it, and runtime code (navigation, page titles, the tab
 * bar) reads it here, because runtime code cannot import app.config.ts.
 */
import type { MessageKey } from './i18n/messages';

/** `custom` pages draw their own header under the status bar; `default` ones get the brand nav bar. */
export type NavStyle = 'default' | 'custom';

export type TabIcon = 'home' | 'category' | 'orders' | 'person';

export interface TabInfo {
  readonly labelKey: MessageKey;
  readonly icon: TabIcon;
}

export interface RouteDefinition {
  readonly name: string;
  /** Page path as app.config.ts lists it: no leading slash, no query. */
  readonly path: string;
  /** Set on tab pages; they are opened with switchTab only. */
  readonly tab: TabInfo | null;
  readonly navStyle: NavStyle;
  /** Page title (nav bar on default pages, document title on H5). */
  readonly titleKey: MessageKey;
}

export const routes = [
  {
    name: 'home',
    path: 'pages/home/home',
    tab: { labelKey: 'tab.home', icon: 'home' },
    navStyle: 'custom',
    titleKey: 'title.home',
  },
  {
    name: 'goodsClass',
    path: 'pages/goodsClass/goodsClass',
    tab: { labelKey: 'tab.goodsClass', icon: 'category' },
    navStyle: 'default',
    titleKey: 'title.goodsClass',
  },
  {
    name: 'order',
    path: 'pages/order/order',
    tab: { labelKey: 'tab.order', icon: 'orders' },
    navStyle: 'default',
    titleKey: 'title.order',
  },
  {
    name: 'person',
    path: 'pages/person/person',
    tab: { labelKey: 'tab.person', icon: 'person' },
    navStyle: 'custom',
    titleKey: 'title.person',
  },
  {
    name: 'login',
    path: 'pages/login/login',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.login',
  },
  {
    name: 'personInfo',
    path: 'pages/personInfo/personInfo',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.personInfo',
  },
  {
    name: 'searchPage',
    path: 'pages/searchPage/searchPage',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.searchPage',
  },
  {
    name: 'platformAnnouncement',
    path: 'pages/platformAnnouncement/platformAnnouncement',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.platformAnnouncement',
  },
  {
    name: 'commonProblem',
    path: 'pages/commonProblem/commonProblem',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.commonProblem',
  },
  {
    name: 'jumpTemplate',
    path: 'pages/jumpTemplate/jumpTemplate',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.jumpTemplate',
  },
  {
    name: 'aboutUs',
    path: 'pages/aboutUs/aboutUs',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.aboutUs',
  },
  {
    name: 'businessCooperation',
    path: 'pages/businessCooperation/businessCooperation',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.businessCooperation',
  },
  {
    name: 'recyclingProtocol',
    path: 'pages/recyclingProtocol/recyclingProtocol',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.recyclingProtocol',
  },
  {
    name: 'secrecyProtocol',
    path: 'pages/secrecyProtocol/secrecyProtocol',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.secrecyProtocol',
  },
  {
    name: 'serviceProtocol',
    path: 'pages/serviceProtocol/serviceProtocol',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.serviceProtocol',
  },
  {
    name: 'oldPlatform',
    path: 'pages/oldPlatform/oldPlatform',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.oldPlatform',
  },
  {
    name: 'realNameAuth',
    path: 'pages/realNameAuth/realNameAuth',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.realNameAuth',
  },
  {
    name: 'realNameCode',
    path: 'pages/realNameCode/realNameCode',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.realNameCode',
  },
  {
    name: 'updatePhoneNum',
    path: 'pages/updatePhoneNum/updatePhoneNum',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.updatePhoneNum',
  },
  {
    name: 'withdraw',
    path: 'pages/withdraw/withdraw',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.withdraw',
  },
  {
    name: 'withdrawRecord',
    path: 'pages/withdrawRecord/withdrawRecord',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.withdrawRecord',
  },
  {
    name: 'withdrawInfo',
    path: 'pages/withdrawInfo/withdrawInfo',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.withdrawInfo',
  },
  {
    name: 'share',
    path: 'pages/share/share',
    tab: null,
    navStyle: 'custom',
    titleKey: 'title.share',
  },
  {
    name: 'levelUsers',
    path: 'pages/levelUsers/levelUsers',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.levelUsers',
  },
  {
    name: 'shareDetail',
    path: 'pages/shareDetail/shareDetail',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.shareDetail',
  },
  {
    name: 'shareInfo',
    path: 'pages/shareInfo/shareInfo',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.shareInfo',
  },
  {
    name: 'feedback',
    path: 'pages/feedback/feedback',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.feedback',
  },
  {
    name: 'feedbackRecord',
    path: 'pages/feedbackRecord/feedbackRecord',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.feedbackRecord',
  },
  {
    name: 'submitCard',
    path: 'pages/submitCard/submitCard',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.submitCard',
  },
  {
    name: 'logisticsInfo',
    path: 'pages/logisticsInfo/logisticsInfo',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.logisticsInfo',
  },
  {
    name: 'message',
    path: 'pages/message/message',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.message',
  },
  {
    name: 'messageSettings',
    path: 'pages/messageSettings/messageSettings',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.messageSettings',
  },
  {
    name: 'orderDetail',
    path: 'pages/orderDetail/orderDetail',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.orderDetail',
  },
  {
    name: 'merchant',
    path: 'pages/merchant/merchant',
    tab: null,
    navStyle: 'default',
    titleKey: 'title.merchant',
  },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof routes)[number];
export type RouteName = Route['name'];
export type TabRoute = Extract<Route, { tab: TabInfo }>;
export type TabRouteName = TabRoute['name'];
export type PageRouteName = Exclude<RouteName, TabRouteName>;

const routesByName = new Map<string, Route>(routes.map((route) => [route.name, route]));
const routesByPath = new Map<string, Route>(routes.map((route) => [route.path, route]));

export const homeRoute: Route = routes[0];

/** Tab pages in tab-bar order. */
export const tabRoutes: readonly TabRoute[] = routes.filter((route): route is TabRoute => route.tab !== null);

export function routeByName(name: RouteName): Route {
  const route = routesByName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/** The route of a page path as the platforms report it (`/pages/x/x?a=1`, `pages/x/x`), if any. */
export function routeByPath(path: string): Route | undefined {
  const bare = path.replace(/^\/+/, '').split('?', 1)[0] ?? '';
  return routesByPath.get(bare === '' ? homeRoute.path : bare);
}

export function isTabRoute(route: Route): route is TabRoute {
  return route.tab !== null;
}

/** The URL to open a route with, `/pages/x/x?a=1`. */
export function routeUrl(route: Route, query?: Readonly<Record<string, string | number>>): string {
  const search = query
    ? Object.entries(query)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
        .join('&')
    : '';
  return search ? `/${route.path}?${search}` : `/${route.path}`;
}
