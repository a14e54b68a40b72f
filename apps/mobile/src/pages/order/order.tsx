import { cardStatusColor, cardStatusTable, colorHex, FILTER_ALL, type CardStatusFilter } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { OrderCard as Card } from '@/api/endpoints/cards';
import { useOrderPages, useRefreshOrders } from '@/api/queries/cards';
import { AsyncView } from '@/components/AsyncView';
import { ListFooter } from '@/components/PagedList';
import { PullRefresh } from '@/components/PullRefresh';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { StatusChips } from '@/components/StatusChips';
import { TabPage } from '@/components/TabPage';
import { usePageShown } from '@/hooks/usePageShown';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { useT } from '@/i18n';
import { navigateTo, switchTab } from '@/navigation';
import { useAuthStore } from '@/stores/auth';
import { AppealDialogOnDemand } from './AppealDialogOnDemand';
import { OrderCard } from './OrderCard';
import { OrderEmptyAction } from './OrderEmptyAction';
import './order.scss';

export default function Order() {
  const isLogin = useAuthStore((state) => state.isLogin);
  return (
    <TabPage route="order" className="orders">
      {isLogin ? <OrderList /> : <LoginFirst />}
    </TabPage>
  );
}

function OrderList() {
  const t = useT();
  const [status, setStatus] = useState<CardStatusFilter>(FILTER_ALL);
  const shown = usePageShown();
  const orders = useOrderPages(status, shown);
  const refresh = useRefreshOrders();
  const [appealing, setAppealing] = useState<Card | null>(null);
  useNextPageOnReachBottom(orders);

  return (
    <>
      <PullRefresh onRefresh={refresh}>
        <StatusChips table={cardStatusTable} value={status} onChange={setStatus} colorOf={(code) => colorHex(cardStatusColor(code))} />
        <AsyncView source={orders} skeleton={<ListSkeleton rows={4} withLogo />}>
          {(data) =>
            data.pages[0]?.list.length === 0 ? (
              status === FILTER_ALL ? (
                <NoOrders />
              ) : (
                <StateView kind="empty" title={t('order.filtered.empty')} />
              )
            ) : (
              <View className="orders__list">
                {data.pages
                  .flatMap((page) => page.list)
                  .map((order) => (
                    // Keyed by the filter too: another filter opens each order afresh on its own cards.
                    <OrderCard key={`${status}:${order.id}`} order={order} filter={status} onAppeal={setAppealing} pageShown={shown} />
                  ))}
                <ListFooter source={orders} endText={t('order.end')} />
              </View>
            )
          }
        </AsyncView>
      </PullRefresh>
      {/* Outside the pull-down area, whose transform would carry the fixed dialog along. */}
      <AppealDialogOnDemand card={appealing} onClose={() => setAppealing(null)} />
    </>
  );
}

function NoOrders() {
  const t = useT();
  return (
    <View className="orders__empty">
      <View className="orders__empty-picture" />
      <Text className="orders__empty-title">{t('order.empty.title')}</Text>
      <Text className="orders__empty-body">{t('order.empty.body')}</Text>
      <OrderEmptyAction label={t('order.empty.action')} onTap={() => void switchTab('goodsClass')} />
    </View>
  );
}

function LoginFirst() {
  const t = useT();
  return (
    <View className="orders__empty">
      <View className="orders__empty-picture" />
      <Text className="orders__empty-title">{t('order.guest.title')}</Text>
      <Text className="orders__empty-body">{t('order.guest.body')}</Text>
      <OrderEmptyAction label={t('person.login')} onTap={() => void navigateTo('login')} />
    </View>
  );
}
