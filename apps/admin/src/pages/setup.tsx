import { operatorCalls, pathOf } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BrandIcon } from '../components/BrandIcon';
import { PlainCard } from '../components/PlainCard';
import { apiRequest } from '../providers/api';

interface Choice {
  password: string;
  repeated: string;
}

/**
 * The page of a set-up link: the operator chooses their own password, which no administrator
 * ever sees. The code in the link works once, until it expires; the sign-in follows.
 */
export function SetupPage() {
  const t = useTranslate();
  const { code = '' } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const choose = async ({ password }: Choice) => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest(pathOf(operatorCalls.setup), { method: 'POST', body: { code, password } });
      setDone(true);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa', padding: 24 }}
    >
      <PlainCard style={{ width: 440 }}>
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <BrandIcon />
          <Typography.Title level={4} style={{ margin: '12px 0 4px' }}>
            {t('setup.title')}
          </Typography.Title>
        </div>
        {done ? (
          <Result
            status="success"
            title={t('setup.done')}
            extra={
              <Link to="/login">
                <Button type="primary">{t('setup.signIn')}</Button>
              </Link>
            }
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
            {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
            <Form<Choice> layout="vertical" onFinish={choose} requiredMark={false}>
              <Form.Item
                name="password"
                label={t('setup.password')}
                extra={t('admins.passwordHint')}
                rules={[
                  { required: true, message: t('admins.passwordHint') },
                  { min: 12, message: t('admins.passwordHint') },
                ]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
              </Form.Item>
              <Form.Item
                name="repeated"
                label={t('setup.repeat')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('setup.mismatch') },
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('setup.mismatch'))),
                  }),
                ]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                {t('setup.submit')}
              </Button>
            </Form>
          </>
        )}
      </PlainCard>
    </div>
  );
}
