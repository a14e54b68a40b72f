import { RichTextPoint } from '@maika/shared';
import { RichTextPage } from '@/components/RichTextPage';

export default function ShareInfo() {
  return <RichTextPage route="shareInfo" point={RichTextPoint.RebateTip} />;
}
