import { operatorCalls, pathOf } from '@maika/shared';
import { useGetIdentity, useInvalidateAuthStore, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, List, Result, Space, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandIcon } from '../components/BrandIcon';
import { apiRequest } from '../providers/api';
import { profileStore, type AdminIdentity } from '../providers/authProvider';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

interface Codes {
  code: string;
  /** Setting it up again (a new phone): a code of the current app, or a recovery code. */
  currentCode?: string;
}

/**
 * Turning on two-factor login: the QR code for an authenticator app, the first code to prove
 * it, then the recovery codes, shown this once. Administrators and finance land here until done.
 * An operator who has it on may set it up again for a new phone, proving the current one with one
 * of its codes or a recovery code; the operator's other sessions then end.
 */
export function TwoFactorPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuthStore();
  const { data: me } = useGetIdentity<AdminIdentity>();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    attempt(async () => setSetup(await apiRequest<Setup>(pathOf(operatorCalls.setupTwoFactor), { method: 'POST', body: {} })));
  const reenrolment = Boolean(me?.twoFactorEnabled);
  const confirm = ({ code, currentCode }: Codes) =>
    attempt(async () => {
      const result = await apiRequest<{ recoveryCodes: string[] }>(pathOf(operatorCalls.confirmTwoFactor), {
        method: 'POST',
        body: reenrolment ? { code, currentCode } : { code },
      });
      if (me) profileStore.set({ ...me, twoFactorEnabled: true, enrolmentRequired: false });
      setRecoveryCodes(result.recoveryCodes);
    });
  const done = async () => {
    await invalidateAuth();
    navigate('/');
  };

  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa', padding: 24 }}
    >
      <Card style={{ width: 520 }} data-testid="two-factor">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space>
            <BrandIcon />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('twoFactor.title')}
            </Typography.Title>
          </Space>
          {failure && <Alert type="error" showIcon message={failure} />}
          {recoveryCodes ? (
            <>
              <Alert type="warning" showIcon message={t('twoFactor.recoveryTitle')} description={t('twoFactor.recoveryHint')} />
              <List
                bordered
                grid={{ column: 2 }}
                dataSource={recoveryCodes}
                renderItem={(code) => (
                  <List.Item style={{ margin: 0, padding: '6px 12px' }}>
                    <Typography.Text code copyable data-testid="recovery-code">
                      {code}
                    </Typography.Text>
                  </List.Item>
                )}
              />
              <Button type="primary" block onClick={done}>
                {t('twoFactor.saved')}
              </Button>
            </>
          ) : setup ? (
            <>
              <Typography.Text>{t('twoFactor.scan')}</Typography.Text>
              <div style={{ textAlign: 'center' }}>
                <img src={setup.qrCode} alt={setup.otpauthUrl} width={200} height={200} data-testid="two-factor-qr" />
              </div>
              <Typography.Text code copyable data-testid="two-factor-secret" style={{ textAlign: 'center', wordBreak: 'break-all' }}>
                {setup.secret}
              </Typography.Text>
              <Form<Codes> layout="vertical" onFinish={confirm} requiredMark={false}>
                <Form.Item
                  name="code"
                  label={t(reenrolment ? 'twoFactor.newCode' : 'twoFactor.code')}
                  rules={[{ required: true, pattern: /^\d{6}$/, message: t('twoFactor.codeHint') }]}
                >
                  <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" maxLength={6} size="large" />
                </Form.Item>
                {reenrolment && (
                  <Form.Item
                    name="currentCode"
                    label={t('twoFactor.currentCode')}
                    extra={t('twoFactor.currentCodeHint')}
                    rules={[{ required: true, whitespace: true, message: t('twoFactor.currentCodeRequired') }]}
                  >
                    <Input prefix={<SafetyOutlined />} autoComplete="off" maxLength={32} size="large" />
                  </Form.Item>
                )}
                <Button type="primary" htmlType="submit" block loading={busy}>
                  {t(reenrolment ? 'twoFactor.confirmAgain' : 'twoFactor.confirm')}
                </Button>
              </Form>
            </>
          ) : me?.twoFactorEnabled ? (
            <Result
              status="success"
              title={t('twoFactor.enabled')}
              subTitle={t('twoFactor.enabledHint')}
              extra={
                <Space direction="vertical">
                  <Button icon={<SafetyOutlined />} loading={busy} onClick={start}>
                    {t('twoFactor.again')}
                  </Button>
                  <Button type="link" onClick={() => navigate('/')}>
                    {t('twoFactor.back')}
                  </Button>
                </Space>
              }
            />
          ) : (
            <>
              <Typography.Paragraph style={{ margin: 0 }}>
                {me?.enrolmentRequired ? t('twoFactor.required') : t('twoFactor.optional')}
              </Typography.Paragraph>
              <Button type="primary" block icon={<SafetyOutlined />} loading={busy} onClick={start}>
                {t('twoFactor.start')}
              </Button>
              {!me?.enrolmentRequired && <Button onClick={() => navigate('/')}>{t('twoFactor.back')}</Button>}
            </>
          )}
        </Space>
      </Card>
    </div>
  );
}
