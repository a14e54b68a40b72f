import { useTranslate } from '@refinedev/core';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

/**
 * The English version of a text field, beside the Chinese one. Optional: left empty, readers
 * of English get the Chinese.
 */
export function EnglishField({
  name,
  label,
  max,
  rows,
  children,
}: {
  name: string;
  label: string;
  max?: number;
  rows?: number;
  children?: ReactNode;
}) {
  const t = useTranslate();
  const input = rows ? <Input.TextArea rows={rows} maxLength={max} showCount={!!max} /> : <Input lang="en" />;
  return (
    <Form.Item
      name={name}
      label={t('englishVersion.label', { field: label })}
      extra={t('englishVersion.hint')}
      rules={max ? [{ max }] : []}
    >
      {children ?? input}
    </Form.Item>
  );
}
