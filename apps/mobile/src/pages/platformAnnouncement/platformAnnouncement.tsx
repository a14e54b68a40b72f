import { ScrollConfig } from '@maika/shared';
import { PullToRefresh } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/pulltorefresh/style/css';
import { Text, View } from '@tarojs/components';
import { usePageScroll, useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { NoticeSummary } from '@/api/endpoints/content';
import { useNoticeDetail, useNoticePages } from '@/api/queries/content';
import { AsyncView } from '@/components/AsyncView';
import { RichTextView } from '@/components/RichTextView';
import { ArticleSkeleton, ListSkeleton } from '@/components/Skeleton';
import { formatCalendarDate } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useThrottledReachBottom } from '@/hooks/useThrottledReachBottom';
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
  const [scrollTop, setScrollTop] = useState(0);
  usePageScroll(({ scrollTop: top }) => setScrollTop(top));
  const loadMore = () => {
    if (notices.hasNextPage && !notices.isFetchingNextPage) void notices.fetchNextPage();
  };
  // A failed page waits for a tap rather than being asked for again on every scroll.
  useThrottledReachBottom(() => {
    if (!notices.isFetchNextPageError) loadMore();
  });

  return (
    <PullToRefresh
      threshold={ScrollConfig.refresherThresholdPx}
      headHeight={50}
      scrollTop={scrollTop}
      pullingText={t('notice.pull.pulling')}
      canReleaseText={t('notice.pull.release')}
      refreshingText={t('notice.pull.refreshing')}
      completeText={t('notice.pull.done')}
      onRefresh={() => notices.refetch()}
    >
      <AsyncView
        source={notices}
        skeleton={<ListSkeleton rows={6} />}
        isEmpty={(data) => data.pages[0]?.list.length === 0}
        empty={{ title: t('notice.empty.title') }}
      >
        {(data) => (
          <View className="notices__list">
            {data.pages.flatMap((page) => page.list).map((notice) => (
              <NoticeCard key={notice.id} notice={notice} />
            ))}
            {/* Tappable too: a first page shorter than the screen cannot be scrolled to its bottom. */}
            <View className="notices__footer" onClick={loadMore}>
              <Text>
                {notices.isFetchingNextPage
                  ? t('notice.loadingMore')
                  : notices.isFetchNextPageError
                    ? t('notice.loadMoreFailed')
                    : notices.hasNextPage
                      ? t('notice.loadMore')
                      : t('notice.end')}
              </Text>
            </View>
          </View>
        )}
      </AsyncView>
    </PullToRefresh>
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
