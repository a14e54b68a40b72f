import { View } from '@tarojs/components';
import { toHtml, type RichTextNode } from './richTextTree';

/**
 * H5: the cleaned tree as HTML, styled by index.scss. Kept apart from the mini-program version
 * because importing RichText on H5 pulls in Taro's whole web-component library (~200 KB).
 */
export function RichTextBody({ nodes }: { nodes: readonly RichTextNode[] }) {
  return <View className="rich-text" dangerouslySetInnerHTML={{ __html: toHtml(nodes) }} />;
}
