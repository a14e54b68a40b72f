import { Text, View } from '@tarojs/components';
import { loadNextPage, type PagedSource } from '@/hooks/useNextPageOnReachBottom';
import { useT } from '@/i18n';
import './index.scss';

/**
 * The end of a paged list: loading, failed (tap to retry), more (tap or scroll), or `endText`.
 * Tappable, because a first page shorter than the screen cannot be scrolled to its bottom.
 */
export function ListFooter({ source, endText }: { source: PagedSource; endText: string }) {
  const t = useT();
  const text = source.isFetchingNextPage
    ? t('notice.loadingMore')
    : source.isFetchNextPageError
      ? t('notice.loadMoreFailed')
      : source.hasNextPage
        ? t('notice.loadMore')
        : endText;
  return (
    <View className="paged-list__footer" onClick={() => loadNextPage(source)}>
      <Text>{text}</Text>
    </View>
  );
}
