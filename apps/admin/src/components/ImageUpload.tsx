import { contentCalls, pathOf } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { App, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { apiRequest } from '../providers/api';

/**
 * An image field: uploads to /api/admin/file/upload (the server checks type and size) and keeps
 * the returned server-relative path as the form value.
 */
export function ImageUpload({ value, onChange }: { value?: string | null; onChange?: (path: string | null) => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      const result = await apiRequest<{ path: string; url: string }>(pathOf(contentCalls.uploadImage), { method: 'POST', body: form });
      onChange?.(result.path);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start">
      {value && <Image src={value} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }} />}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        listType="picture-card"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Space direction="vertical" size={4} style={{ alignItems: 'center' }}>
          <UploadOutlined spin={busy} />
          <span style={{ fontSize: 12 }}>{value ? t('buttons.replace') : t('buttons.upload')}</span>
        </Space>
      </Upload>
    </Space>
  );
}
