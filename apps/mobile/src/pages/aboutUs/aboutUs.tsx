import { RichTextPoint } from '@maika/shared';
import { RichTextPage } from '@/components/RichTextPage';

export default function AboutUs() {
  return <RichTextPage route="aboutUs" point={RichTextPoint.AboutUs} />;
}
