import { RichTextPoint } from '@maika/shared';
import { RichTextPage } from '@/components/RichTextPage';

export default function SecrecyProtocol() {
  return <RichTextPage route="secrecyProtocol" point={RichTextPoint.PrivacyProtocol} />;
}
