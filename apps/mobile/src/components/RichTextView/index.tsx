import { useMemo } from 'react';
import { assetUrl } from '@/api/http';
import { parseRichHtml } from './richTextTree';
// Taro picks RichTextBody.h5.tsx for H5 builds and RichTextBody.tsx for the mini-programs.
import { RichTextBody } from './RichTextBody';
import './index.scss';

interface RichTextViewProps {
  /** HTML as the server stores it; it is cleaned and its image paths made absolute here. */
  html: string;
}

/** Shows admin-written HTML (rich-text points, announcements) on every platform. */
export function RichTextView({ html }: RichTextViewProps) {
  const nodes = useMemo(() => parseRichHtml(html, assetUrl), [html]);
  return <RichTextBody nodes={nodes} />;
}
