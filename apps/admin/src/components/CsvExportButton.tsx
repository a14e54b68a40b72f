import { useTranslate } from '@refinedev/core';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ApiError, authHeaders, buildUrl, unwrap, type Query } from '../providers/api';
import { API_ROOT } from '../providers/dataProvider';

/**
 * Downloads `/api/admin/export/<name>.csv` with the list's filters. A plain link cannot send the
 * bearer token, so the file is fetched and handed to the browser as a blob.
 */
export function CsvExportButton({ name, query }: { name: 'cards' | 'withdrawals' | 'users'; query: Query }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(buildUrl(`${API_ROOT}/export/${name}.csv`, query), { headers: authHeaders() });
      if (!response.ok) throw new ApiError(response.status, t('errors.http', { status: response.status }));
      // Errors still come as the JSON envelope; only a CSV body is a file.
      if ((response.headers.get('content-type') ?? '').includes('application/json')) unwrap(await response.json());
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={download}>
      {t('buttons.exportCsv')}
    </Button>
  );
}
