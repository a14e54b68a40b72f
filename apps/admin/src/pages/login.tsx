import { useLogin, useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { BrandIcon } from '../components/BrandIcon';
import { PlainCard } from '../components/PlainCard';

interface Credentials {
  username: string;
  password: string;
  otp?: string;
}

/**
 * Operator sign-in; the token lives in localStorage until logout or the server ends the session.
 * With two-factor login on, the server answers the password with a request for the code, and
 * the form shows the code field.
 */
export function LoginPage() {
  const t = useTranslate();
  const { mutate: login, isPending, error, data } = useLogin<Credentials>();
  const failure = data && !data.success ? data.error : error;
  const askOtp = failure?.name === 'otpRequired';
  // Once asked for, the code field stays, also after a wrong code.
  const [otpShown, setOtpShown] = useState(false);
  useEffect(() => {
    if (askOtp) setOtpShown(true);
  }, [askOtp]);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0eb2e9 0%, #0a7fb0 100%)',
      }}
    >
      <PlainCard style={{ width: 400, boxShadow: '0 12px 40px rgba(0,0,0,0.18)' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <BrandIcon />
          <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
            {t('app.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </div>
        {failure?.message && <Alert type={askOtp ? 'info' : 'error'} showIcon message={failure.message} style={{ marginBottom: 16 }} />}
        <Form<Credentials> layout="vertical" onFinish={(values) => login(values)} requiredMark={false}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {otpShown && (
            <Form.Item
              name="otp"
              label={t('login.otp')}
              extra={t('login.otpHint')}
              rules={[{ required: true, message: t('login.otpRequired') }]}
            >
              <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" size="large" autoFocus />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </PlainCard>
    </div>
  );
}
