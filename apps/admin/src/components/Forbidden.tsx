import { useGo, useTranslate } from '@refinedev/core';
import { Button, Result } from 'antd';

/** A page the operator's role does not open (a typed-in or shared link); the server refuses it too. */
export function Forbidden() {
  const t = useTranslate();
  const go = useGo();
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.detail')}
      extra={
        <Button type="primary" onClick={() => go({ to: '/' })}>
          {t('pages.error.backHome')}
        </Button>
      }
    />
  );
}
