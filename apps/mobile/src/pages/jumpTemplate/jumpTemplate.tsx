import { richTextPointTable, type RichTextPoint } from '@maika/shared';
import { useRouter } from '@tarojs/taro';
import { RichTextPage } from '@/components/RichTextPage';
import { useLocale } from '@/i18n';

/** Any rich-text point, named by the query `point` (links from banners and the admin console). */
export default function JumpTemplate() {
  const locale = useLocale();
  const { params } = useRouter();
  const entry = /^\d{1,2}$/.test(params.point ?? '') ? richTextPointTable.byCode(Number(params.point)) : undefined;
  return (
    <RichTextPage
      route="jumpTemplate"
      point={entry ? (entry.code as RichTextPoint) : null}
      title={entry ? entry.label[locale] : undefined}
    />
  );
}
