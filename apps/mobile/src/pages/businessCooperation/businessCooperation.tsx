import { RichTextPoint } from '@maika/shared';
import { RichTextPage } from '@/components/RichTextPage';

export default function BusinessCooperation() {
  return <RichTextPage route="businessCooperation" point={RichTextPoint.BusinessCooperation} />;
}
