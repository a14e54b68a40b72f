import { feedbackCategoryTable, feedbackStatusTable, labelOf } from '@maika/shared';
import { Image, Text, View } from '@tarojs/components';
import Taro, { useDidShow } from '@tarojs/taro';
import type { FeedbackRecord } from '@/api/endpoints/feedback';
import { assetUrl } from '@/api/http';
import { useFeedbackRecordPages } from '@/api/queries/feedback';
import { AsyncView } from '@/components/AsyncView';
import { ListFooter } from '@/components/PagedList';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { formatDateTime } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { addPageMessages, useLocale, useT } from '@/i18n';
import { feedbackRecordMessages } from '@/i18n/locales/pages/feedbackRecord';
import { navigateTo } from '@/navigation';
import { feedbackStatusColor } from './feedbackStatus';
import './feedbackRecord.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/feedbackRecord.ts).
addPageMessages(feedbackRecordMessages);

/** The user's feedback, newest first, with the status and the answer support gave. */
export default function FeedbackRecordPage() {
  usePageTitle('feedbackRecord');
  const t = useT();
  const records = useFeedbackRecordPages();
  // Support answers while the user is elsewhere.
  useDidShow(() => void records.refetch());
  useNextPageOnReachBottom(records);
  const newFeedback = (
    <Text className="feedback-record__new" onClick={() => void navigateTo('feedback')}>
      {t('feedbackRecord.new')}
    </Text>
  );

  return (
    <View className="paged-list">
      <AsyncView source={records} skeleton={<ListSkeleton rows={4} />}>
        {(data) =>
          data.pages[0]?.list.length === 0 ? (
            <StateView kind="empty" title={t('feedbackRecord.empty.title')} body={t('feedbackRecord.empty.body')} action={newFeedback} />
          ) : (
            <>
              {data.pages
                .flatMap((page) => page.list)
                .map((record) => (
                  <RecordCard key={record.id} record={record} />
                ))}
              <ListFooter source={records} endText={t('share.list.end')} />
              {newFeedback}
            </>
          )
        }
      </AsyncView>
    </View>
  );
}

function RecordCard({ record }: { record: FeedbackRecord }) {
  const t = useT();
  const locale = useLocale();
  const color = feedbackStatusColor(record.status);
  // Signed, short-lived addresses: feedback images are not public files.
  const urls = record.imageUrls.map((url) => assetUrl(url));
  const preview = (current: string) => void Taro.previewImage({ current, urls }).catch(() => undefined);

  return (
    <View className="feedback-record" data-status={String(record.status)}>
      <View className="feedback-record__head">
        <Text className="feedback-record__category">{labelOf(feedbackCategoryTable, record.category, locale)}</Text>
        <Text className="feedback-record__status" style={{ color, borderColor: color }}>
          {labelOf(feedbackStatusTable, record.status, locale)}
        </Text>
      </View>
      <Text className="feedback-record__content">{record.content}</Text>
      {urls.length > 0 ? (
        <View className="feedback-record__images">
          {urls.map((url) => (
            <Image key={url} className="feedback-record__image" src={url} mode="aspectFill" onClick={() => preview(url)} />
          ))}
        </View>
      ) : null}
      <Text className="feedback-record__meta">
        {formatDateTime(record.createdAt)}
        {record.contact ? `  ·  ${t('feedbackRecord.contact', { contact: record.contact })}` : ''}
      </Text>
      {record.reply ? (
        <View className="feedback-record__reply">
          <View className="feedback-record__reply-head">
            <Text className="feedback-record__reply-title">{t('feedbackRecord.reply')}</Text>
            {record.repliedAt ? <Text className="feedback-record__reply-time">{formatDateTime(record.repliedAt)}</Text> : null}
          </View>
          <Text className="feedback-record__reply-text">{record.reply}</Text>
        </View>
      ) : (
        <Text className="feedback-record__waiting">{t('feedbackRecord.waiting')}</Text>
      )}
    </View>
  );
}
