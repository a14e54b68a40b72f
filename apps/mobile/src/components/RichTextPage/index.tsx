import type { RichTextPoint } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useRichText } from '@/api/queries/content';
import { AsyncView } from '@/components/AsyncView';
import { RichTextView } from '@/components/RichTextView';
import { ArticleSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { formatCalendarDate } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import type { PageRouteName } from '@/routes';
import './index.scss';

interface RichTextPageProps {
  route: PageRouteName;
  /** The rich-text point to show; null when the page was opened with none it knows. */
  point: RichTextPoint | null;
  /** A title from the content, in place of the route's. */
  title?: string;
}

/** A page that is one admin-written document: agreements, about us, business cooperation. */
export function RichTextPage({ route, point, title }: RichTextPageProps) {
  usePageTitle(route, title);
  return <View className="rich-text-page">{point === null ? <MissingDocument /> : <Document point={point} />}</View>;
}

function MissingDocument() {
  const t = useT();
  return <StateView kind="empty" title={t('richText.missing.title')} body={t('richText.missing.body')} />;
}

function Document({ point }: { point: RichTextPoint }) {
  const t = useT();
  const richText = useRichText(point);
  return (
    <AsyncView
      source={richText}
      skeleton={<ArticleSkeleton />}
      isEmpty={({ html }) => html.trim() === ''}
      empty={{ title: t('richText.empty.title') }}
    >
      {({ html, updatedAt }) => (
        <View className="rich-text-page__sheet">
          <RichTextView html={html} />
          <Text className="rich-text-page__updated">{t('richText.updatedAt', { date: formatCalendarDate(updatedAt) })}</Text>
        </View>
      )}
    </AsyncView>
  );
}
