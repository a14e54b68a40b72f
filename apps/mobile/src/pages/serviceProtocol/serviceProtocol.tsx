import { RichTextPoint } from '@maika/shared';
import { RichTextPage } from '@/components/RichTextPage';

export default function ServiceProtocol() {
  return <RichTextPage route="serviceProtocol" point={RichTextPoint.ServiceProtocol} />;
}
