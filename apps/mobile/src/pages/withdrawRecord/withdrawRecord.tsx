import { FILTER_ALL, formatFen, labelOf, withdrawalStatusTable, type WithdrawalStatusFilter } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useDidShow, useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { WithdrawalTotals } from '@/api/endpoints/withdrawals';
import { useWithdrawalPages } from '@/api/queries/withdrawals';
import { AsyncView } from '@/components/AsyncView';
import { ListFooter } from '@/components/PagedList';
import { PullRefresh } from '@/components/PullRefresh';
import { ListSkeleton } from '@/components/Skeleton';
import { StatusChips } from '@/components/StatusChips';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { addPageMessages, useLocale, useT } from '@/i18n';
import { withdrawRecordMessages } from '@/i18n/locales/pages/withdrawRecord';
import { navigateTo } from '@/navigation';
import { RecordCard } from './RecordCard';
import { withdrawalStatusColor } from './recordFormat';
import { useRecordFocus } from './useRecordFocus';
import './withdrawRecord.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/withdrawRecord.ts).
addPageMessages(withdrawRecordMessages);

/** A positive whole number from the query, or null. */
function queryId(value: string | undefined): number | null {
  return /^\d{1,12}$/.test(value ?? '') && Number(value) > 0 ? Number(value) : null;
}

/** The user's withdrawals, newest first; `?id=` (a message's link) brings that one into view, marked. */
export default function WithdrawRecord() {
  usePageTitle('withdrawRecord');
  const t = useT();
  const locale = useLocale();
  const focusId = queryId(useRouter().params.id);
  const [status, setStatus] = useState<WithdrawalStatusFilter>(FILTER_ALL);
  const records = useWithdrawalPages(status);
  useRecordFocus(records, status === FILTER_ALL ? focusId : null);
  // The summary comes with the first page of records: both say the same moment, and refresh together.
  const totals = records.data?.pages[0]?.totals;
  // A payout may have finished while another page was on screen.
  useDidShow(() => void records.refetch());
  const refresh = () => records.refetch();
  useNextPageOnReachBottom(records);

  return (
    <View className="records">
      <PullRefresh onRefresh={refresh}>
        {totals ? <TotalsCard totals={totals} /> : <View className="records__totals records__totals--waiting" />}
        <StatusChips table={withdrawalStatusTable} value={status} onChange={setStatus} colorOf={withdrawalStatusColor} />
        <AsyncView
          source={records}
          skeleton={<ListSkeleton rows={4} />}
          isEmpty={(data) => data.pages[0]?.list.length === 0}
          empty={
            // A filter with nothing in it says so: "no withdrawals yet" would hide the ones under other statuses.
            status === FILTER_ALL
              ? { title: t('withdrawRecord.empty.title'), body: t('withdrawRecord.empty.body') }
              : {
                  title: t('withdrawRecord.filterEmpty.title', { status: labelOf(withdrawalStatusTable, status, locale) }),
                  body: t('withdrawRecord.filterEmpty.body'),
                }
          }
        >
          {(data) => (
            <View className="records__list">
              {data.pages
                .flatMap((page) => page.list)
                .map((record) => (
                  <RecordCard key={record.id} record={record} focused={record.id === focusId} onConfirmed={() => void refresh()} />
                ))}
              <ListFooter source={records} endText={t('withdrawRecord.end')} />
            </View>
          )}
        </AsyncView>
        <View className="records__withdraw" onClick={() => void navigateTo('withdraw')}>
          <Text>{t('withdrawRecord.withdrawMore')}</Text>
        </View>
      </PullRefresh>
    </View>
  );
}

function TotalsCard({ totals }: { totals: WithdrawalTotals }) {
  const t = useT();
  return (
    <View className="records__totals">
      <View className="records__total">
        <Text className="records__total-label">{t('withdrawRecord.totals.paid')}</Text>
        <Text className="records__total-amount">{formatFen(totals.paidFen)}</Text>
        <Text className="records__total-count">{t('withdrawRecord.totals.count', { count: totals.paidCount })}</Text>
      </View>
      <View className="records__total">
        <Text className="records__total-label">{t('withdrawRecord.totals.pending')}</Text>
        <Text className="records__total-amount">{formatFen(totals.pendingFen)}</Text>
        <Text className="records__total-count">{t('withdrawRecord.totals.count', { count: totals.pendingCount })}</Text>
      </View>
    </View>
  );
}
