import { RichTextPoint } from '@maika/shared';
import { RichTextPage } from '@/components/RichTextPage';

export default function RecyclingProtocol() {
  return <RichTextPage route="recyclingProtocol" point={RichTextPoint.RecyclingProtocol} />;
}
