/** The console's pages under the signed-in layout, one route per resource action in resources.tsx. */
import { Route } from 'react-router';
import { ApprovalList } from './pages/approvals/list';
import { CardList } from './pages/cards/list';
import { CardTypeCreate, CardTypeEdit } from './pages/catalogue/cardTypeForm';
import { CardTypeList } from './pages/catalogue/cardTypes';
import { CategoryList } from './pages/catalogue/categories';
import { BannerList } from './pages/content/banners';
import { FoundationPage } from './pages/content/foundation';
import { RichTextPage } from './pages/content/richText';
import { BroadcastList, FaqList, NoticeList } from './pages/content/texts';
import { DashboardPage } from './pages/dashboard';
import { FeedbackList } from './pages/feedback/list';
import { ShipmentList } from './pages/shipments/list';
import { AdminList } from './pages/system/admins';
import { AuditList } from './pages/system/audit';
import { SmsOutboxList } from './pages/system/smsOutbox';
import { UserList } from './pages/users/list';
import { UserShow } from './pages/users/show';
import { WithdrawalChannelList } from './pages/withdrawalChannels/list';
import { WithdrawalList } from './pages/withdrawals/list';
import { WithdrawalShow } from './pages/withdrawals/show';

export const pageRoutes = (
  <>
    <Route index element={<DashboardPage />} />
    <Route path="/cards" element={<CardList />} />
    <Route path="/shipments" element={<ShipmentList />} />
    <Route path="/approvals" element={<ApprovalList />} />
    <Route path="/catalogue/categories" element={<CategoryList />} />
    <Route path="/catalogue/cardTypes">
      <Route index element={<CardTypeList />} />
      <Route path="create" element={<CardTypeCreate />} />
      <Route path="edit/:id" element={<CardTypeEdit />} />
    </Route>
    <Route path="/withdrawals">
      <Route index element={<WithdrawalList />} />
      <Route path="show/:id" element={<WithdrawalShow />} />
    </Route>
    <Route path="/users">
      <Route index element={<UserList />} />
      <Route path="show/:id" element={<UserShow />} />
    </Route>
    <Route path="/content/banners" element={<BannerList />} />
    <Route path="/content/notices" element={<NoticeList />} />
    <Route path="/content/broadcasts" element={<BroadcastList />} />
    <Route path="/content/faq" element={<FaqList />} />
    <Route path="/content/richText" element={<RichTextPage />} />
    <Route path="/content/foundation" element={<FoundationPage />} />
    <Route path="/withdrawalChannels" element={<WithdrawalChannelList />} />
    <Route path="/feedback" element={<FeedbackList />} />
    <Route path="/smsOutbox" element={<SmsOutboxList />} />
    <Route path="/audit" element={<AuditList />} />
    <Route path="/admins" element={<AdminList />} />
  </>
);
