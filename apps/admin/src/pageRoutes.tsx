/**
 * The console's pages under the signed-in layout, one route per resource action in resources.tsx.
 * Each page is its own chunk, fetched when its route is first opened: the first load then carries
 * the layout and the login page only, not every table, chart and editor of the console.
 */
import { lazy, type ComponentType } from 'react';
import { Route } from 'react-router';

/** React.lazy over a page module's named export. */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return <Page />;
}

export const pageRoutes = (
  <>
    <Route index element={lazyPage(() => import('./pages/dashboard'), 'DashboardPage')} />
    <Route path="/cards" element={lazyPage(() => import('./pages/cards/list'), 'CardList')} />
    <Route path="/shipments" element={lazyPage(() => import('./pages/shipments/list'), 'ShipmentList')} />
    <Route path="/approvals" element={lazyPage(() => import('./pages/approvals/list'), 'ApprovalList')} />
    <Route path="/catalogue/categories" element={lazyPage(() => import('./pages/catalogue/categories'), 'CategoryList')} />
    <Route path="/catalogue/cardTypes">
      <Route index element={lazyPage(() => import('./pages/catalogue/cardTypes'), 'CardTypeList')} />
      <Route path="create" element={lazyPage(() => import('./pages/catalogue/cardTypeForm'), 'CardTypeCreate')} />
      <Route path="edit/:id" element={lazyPage(() => import('./pages/catalogue/cardTypeForm'), 'CardTypeEdit')} />
    </Route>
    <Route path="/withdrawals">
      <Route index element={lazyPage(() => import('./pages/withdrawals/list'), 'WithdrawalList')} />
      <Route path="show/:id" element={lazyPage(() => import('./pages/withdrawals/show'), 'WithdrawalShow')} />
    </Route>
    <Route path="/users">
      <Route index element={lazyPage(() => import('./pages/users/list'), 'UserList')} />
      <Route path="show/:id" element={lazyPage(() => import('./pages/users/show'), 'UserShow')} />
    </Route>
    <Route path="/merchants">
      <Route index element={lazyPage(() => import('./pages/merchants/list'), 'MerchantList')} />
      <Route path="show/:id" element={lazyPage(() => import('./pages/merchants/show'), 'MerchantShow')} />
    </Route>
    <Route path="/content/banners" element={lazyPage(() => import('./pages/content/banners'), 'BannerList')} />
    <Route path="/content/notices" element={lazyPage(() => import('./pages/content/texts'), 'NoticeList')} />
    <Route path="/content/broadcasts" element={lazyPage(() => import('./pages/content/texts'), 'BroadcastList')} />
    <Route path="/content/faq" element={lazyPage(() => import('./pages/content/texts'), 'FaqList')} />
    <Route path="/content/richText" element={lazyPage(() => import('./pages/content/richText'), 'RichTextPage')} />
    <Route path="/content/foundation" element={lazyPage(() => import('./pages/content/foundation'), 'FoundationPage')} />
    <Route path="/withdrawalChannels" element={lazyPage(() => import('./pages/withdrawalChannels/list'), 'WithdrawalChannelList')} />
    <Route path="/feedback" element={lazyPage(() => import('./pages/feedback/list'), 'FeedbackList')} />
    <Route path="/smsOutbox" element={lazyPage(() => import('./pages/system/smsOutbox'), 'SmsOutboxList')} />
    <Route path="/messageChannels" element={lazyPage(() => import('./pages/messageChannels/list'), 'MessageChannelList')} />
    <Route path="/audit" element={lazyPage(() => import('./pages/system/audit'), 'AuditList')} />
    <Route path="/admins" element={lazyPage(() => import('./pages/system/admins'), 'AdminList')} />
  </>
);
