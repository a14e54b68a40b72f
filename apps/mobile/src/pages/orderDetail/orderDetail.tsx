import { Code, FILTER_ALL } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { useDidShow, useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { OrderCard as Card } from '@/api/endpoints/cards';
import { ApiError } from '@/api/errors';
import { useOrderDetail } from '@/api/queries/cards';
import { AsyncView } from '@/components/AsyncView';
import { PullRefresh } from '@/components/PullRefresh';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { usePageShown } from '@/hooks/usePageShown';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import { switchTab } from '@/navigation';
import { AppealDialogOnDemand } from '@/pages/order/AppealDialogOnDemand';
import { OrderCard } from '@/pages/order/OrderCard';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import './orderDetail.scss';

/** A positive whole number from the query, or null. */
function queryId(value: string | undefined): number | null {
  return /^\d{1,12}$/.test(value ?? '') && Number(value) > 0 ? Number(value) : null;
}

/**
 * One order of the user (query `id`), as the orders tab shows it with all its cards open: the page
 * a message about the order opens. A rejected card is appealed from here as from the tab.
 */
export default function OrderDetailPage() {
  usePageTitle('orderDetail');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  const { params } = useRouter();
  return (
    <View className="order-detail">{isLogin ? <OrderDetail id={queryId(params.id)} /> : <LoginFirst body={t('order.guest.body')} />}</View>
  );
}

function OrderDetail({ id }: { id: number | null }) {
  const t = useT();
  const shown = usePageShown();
  const detail = useOrderDetail(id, shown);
  const [appealing, setAppealing] = useState<Card | null>(null);
  // Cards are decided while the user is on another page.
  useDidShow(() => {
    if (id !== null) void detail.refetch();
  });
  const allOrders = (
    <Button type="primary" shape="round" onClick={() => void switchTab('order')}>
      {t('orderDetail.allOrders')}
    </Button>
  );

  // No such order of this user is a final answer, not a failed load: reloading would not find it.
  const notFound = detail.error instanceof ApiError && detail.error.code === Code.NotFound;
  if (id === null || notFound) {
    return <StateView kind="empty" title={t('orderDetail.missing.title')} body={t('orderDetail.missing.body')} action={allOrders} />;
  }
  return (
    <>
      <PullRefresh onRefresh={() => detail.refetch()}>
        <View className="order-detail__body">
          <AsyncView source={detail} skeleton={<ListSkeleton rows={3} withLogo />}>
            {({ order }) => <OrderCard order={order} filter={FILTER_ALL} onAppeal={setAppealing} expandedAtFirst />}
          </AsyncView>
          <View className="order-detail__all" role="button" onClick={() => void switchTab('order')}>
            <Text>{t('orderDetail.allOrders')}</Text>
          </View>
        </View>
      </PullRefresh>
      {/* Outside the pull-down area, whose transform would carry the fixed dialog along. */}
      <AppealDialogOnDemand card={appealing} onClose={() => setAppealing(null)} />
    </>
  );
}
