import { Text, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import type { NoticeSummary } from '@/api/endpoints/content';
import { useNoticeDetail, useNoticePages } from '@/api/queries/content';
import { AsyncView } from '@/components/AsyncView';
import { ListFooter } from '@/components/PagedList';
import { PullRefresh } from '@/components/PullRefresh';
import { RichTextView } from '@/components/RichTextView';
import { ArticleSkeleton, ListSkeleton } from '@/components/Skeleton';
import { formatCalendarDate } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import './platformAnnouncement.scss';

/**
 * The announcement list, or with the query `id` one announcement: the route table is fixed, so the
 * detail is this page opened again with an id (the back button returns to the list).
 */
export default function PlatformAnnouncement() {
  usePageTitle('platformAnnouncement');
  const { params } = useRouter();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  return <View className="notices">{id ? <NoticeArticle id={id} /> : <NoticeList />}</View>;
}

function NoticeList() {
  const t = useT();
  const notices = useNoticePages();
  useNextPageOnReachBottom(notices);

  return (
    <PullRefresh onRefresh={() => notices.refetch()}>
      <AsyncView
        source={notices}
        skeleton={<ListSkeleton rows={6} />}
        isEmpty={(data) => data.pages[0]?.list.length === 0}
        empty={{ title: t('notice.empty.title') }}
      >
        {(data) => (
          <View className="notices__list">
            {data.pages
              .flatMap((page) => page.list)
              .map((notice) => (
                <NoticeCard key={notice.id} notice={notice} />
              ))}
            <ListFooter source={notices} endText={t('notice.end')} />
          </View>
        )}
      </AsyncView>
    </PullRefresh>
  );
}

function NoticeMeta({ notice }: { notice: NoticeSummary }) {
  const t = useT();
  return (
    <View className="notices__meta">
      {notice.pinned ? <Text className="notices__pinned">{t('notice.pinned')}</Text> : null}
      <Text className="notices__date">{formatCalendarDate(notice.publishedAt)}</Text>
    </View>
  );
}

function NoticeCard({ notice }: { notice: NoticeSummary }) {
  return (
    <View
      className="notices__card"
      hoverClass="notices__card--pressed"
      onClick={() => void navigateTo('platformAnnouncement', { id: notice.id })}
    >
      <View className="notices__card-text">
        <Text className="notices__title">{notice.title}</Text>
        <NoticeMeta notice={notice} />
      </View>
      <View className="notices__chevron" />
    </View>
  );
}

function NoticeArticle({ id }: { id: number }) {
  const notice = useNoticeDetail(id);
  return (
    <AsyncView source={notice} skeleton={<ArticleSkeleton />}>
      {(detail) => (
        <View className="notices__article">
          <Text className="notices__article-title">{detail.title}</Text>
          <NoticeMeta notice={detail} />
          <View className="notices__article-body">
            <RichTextView html={detail.content} />
          </View>
        </View>
      )}
    </AsyncView>
  );
}
