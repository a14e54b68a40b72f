import { RichText, View } from '@tarojs/components';
import { withInlineStyles, type RichTextNode } from './richTextTree';

/**
 * Mini-programs do not apply page CSS inside `<rich-text>`, so each tag carries its look inline.
 * Sizes in rpx (2 per design px) match the H5 stylesheet.
 */
const miniProgramStyles: Readonly<Record<string, string>> = {
  h1: 'font-size:40rpx;font-weight:600;line-height:1.5;margin:8rpx 0 20rpx;color:#1d2433',
  h2: 'font-size:36rpx;font-weight:600;line-height:1.5;margin:8rpx 0 20rpx;color:#1d2433',
  h3: 'font-size:32rpx;font-weight:600;line-height:1.5;margin:36rpx 0 12rpx;color:#1d2433',
  h4: 'font-size:30rpx;font-weight:600;line-height:1.5;margin:28rpx 0 8rpx;color:#1d2433',
  p: 'margin:0 0 20rpx;line-height:1.75',
  ul: 'margin:0 0 20rpx;padding-left:40rpx',
  ol: 'margin:0 0 20rpx;padding-left:40rpx',
  li: 'margin:0 0 10rpx;line-height:1.75',
  strong: 'font-weight:600;color:#1d2433',
  b: 'font-weight:600;color:#1d2433',
  a: 'color:#0a8fc4',
  img: 'display:block;max-width:100%;height:auto;margin:16rpx 0;border-radius:12rpx',
  blockquote: 'margin:0 0 20rpx;padding:12rpx 24rpx;border-left:6rpx solid #b9e6f7;background:#f4fbfe;color:#5c6577',
  table: 'width:100%;border-collapse:collapse;margin:0 0 20rpx',
  th: 'border:1px solid #e3e8ef;padding:12rpx;background:#f4f6f9;font-weight:600',
  td: 'border:1px solid #e3e8ef;padding:12rpx',
  hr: 'border:none;border-top:1px solid #eef0f4;margin:28rpx 0',
};

/** Mini-programs: the cleaned tree as `<rich-text>` nodes (Alipay takes node arrays only, no HTML strings). */
export function RichTextBody({ nodes }: { nodes: readonly RichTextNode[] }) {
  return (
    <View className="rich-text">
      <RichText nodes={withInlineStyles(nodes, miniProgramStyles)} />
    </View>
  );
}
