import { formatFen } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import type { ShareDetail } from '@/api/endpoints/referrals';
import { useShareDetailPages } from '@/api/queries/referrals';
import { AsyncView } from '@/components/AsyncView';
import { FactLine } from '@/components/FactLine';
import { ListFooter } from '@/components/PagedList';
import { ListSkeleton } from '@/components/Skeleton';
import { formatDateTime } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { addPageMessages, useT } from '@/i18n';
import { shareDetailMessages } from '@/i18n/locales/pages/shareDetail';
import { navigateTo } from '@/navigation';
import { rebateStatusColor, rebateStatusLabelKey } from './rebateStatus';
import './shareDetail.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/shareDetail.ts).
addPageMessages(shareDetailMessages);

/** The rebates this user earned from referees' cards, newest first, with their running total. */
export default function ShareDetailPage() {
  usePageTitle('shareDetail');
  const t = useT();
  const details = useShareDetailPages();
  useDidShow(() => void details.refetch());
  useNextPageOnReachBottom(details);
  const first = details.data?.pages[0];

  return (
    <View className="paged-list">
      <View className="rebate-totals">
        <View className="rebate-totals__main">
          <Text className="rebate-totals__label">{t('shareDetail.totals.total')}</Text>
          <Text className="rebate-totals__amount">{first ? formatFen(first.totalFen) : '—'}</Text>
          <Text className="rebate-totals__count">{t('shareDetail.totals.count', { count: first?.total ?? 0 })}</Text>
        </View>
        <Text className="rebate-totals__rules" onClick={() => void navigateTo('shareInfo')}>
          {t('shareDetail.rules')}
        </Text>
      </View>
      <AsyncView
        source={details}
        skeleton={<ListSkeleton rows={4} />}
        isEmpty={(data) => data.pages[0]?.list.length === 0}
        empty={{ title: t('shareDetail.empty.title'), body: t('shareDetail.empty.body') }}
      >
        {(data) => (
          <>
            <View className="paged-list__items">
              {data.pages
                .flatMap((page) => page.list)
                .map((detail) => (
                  <RebateCard key={detail.id} detail={detail} />
                ))}
            </View>
            <ListFooter source={details} endText={t('share.list.end')} />
          </>
        )}
      </AsyncView>
    </View>
  );
}

function RebateCard({ detail }: { detail: ShareDetail }) {
  const t = useT();
  const color = rebateStatusColor(detail.status);
  return (
    <View className="rebate" data-status={String(detail.status)}>
      <View className="rebate__head">
        <Text className="rebate__referee">
          {detail.refereeNickname} {detail.refereePhone}
        </Text>
        <Text className="rebate__status" style={{ color, borderColor: color }}>
          {t(rebateStatusLabelKey(detail.status))}
        </Text>
      </View>
      <Text className={detail.status === 'credited' ? 'rebate__amount' : 'rebate__amount rebate__amount--void'}>
        {formatFen(detail.rebateFen, { sign: 'always' })}
      </Text>
      <FactLine label={t('shareDetail.card')} value={detail.goodsName} />
      <FactLine label={t('shareDetail.settlement')} value={formatFen(detail.settlementFen)} />
      <FactLine label={t('shareDetail.createdAt')} value={formatDateTime(detail.createdAt)} />
    </View>
  );
}
