import { useTranslate } from '@refinedev/core';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEffect } from 'react';

/** A WYSIWYG editor producing HTML (the server sanitises what it stores). */
export function RichTextEditor({
  value = '',
  onChange,
  minHeight = 380,
}: {
  value?: string;
  onChange?: (html: string) => void;
  minHeight?: number;
}) {
  const t = useTranslate();
  const editor = useEditor({ extensions: [StarterKit], content: value, onUpdate: ({ editor: e }) => onChange?.(e.getHTML()) });
  useEffect(() => {
    if (editor && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  const mark = (key: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button type={active ? 'primary' : 'text'} icon={icon} onClick={run} aria-label={t(`editor.${key}`)} />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 8, overflow: 'hidden' }}>
      <Space wrap size={2} style={{ padding: 6, borderBottom: '1px solid #f0f0f0', background: '#fafafa', width: '100%' }}>
        {[1, 2, 3].map((level) => (
          <Button
            key={level}
            type={editor.isActive('heading', { level }) ? 'primary' : 'text'}
            onClick={() =>
              chain()
                .toggleHeading({ level: level as 1 | 2 | 3 })
                .run()
            }
          >
            H{level}
          </Button>
        ))}
        <Divider type="vertical" />
        {mark('bold', <BoldOutlined />, editor.isActive('bold'), () => chain().toggleBold().run())}
        {mark('italic', <ItalicOutlined />, editor.isActive('italic'), () => chain().toggleItalic().run())}
        {mark('underline', <UnderlineOutlined />, editor.isActive('underline'), () => chain().toggleUnderline().run())}
        {mark('strike', <StrikethroughOutlined />, editor.isActive('strike'), () => chain().toggleStrike().run())}
        <Divider type="vertical" />
        {mark('bulletList', <UnorderedListOutlined />, editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
        {mark('orderedList', <OrderedListOutlined />, editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
        <Divider type="vertical" />
        {mark('undo', <UndoOutlined />, false, () => chain().undo().run())}
        {mark('redo', <RedoOutlined />, false, () => chain().redo().run())}
      </Space>
      <EditorContent editor={editor} className="rich-text-editor" style={{ ['--editor-min-height' as string]: `${minHeight}px` }} />
    </div>
  );
}
