import { operatorCalls, pathOf, TOTP_CODE_PATTERN } from '@maika/shared';
import { useGetIdentity, useInvalidateAuthStore, useLogout, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Form, Input, List, Result, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
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

/** The recovery codes as a text file to keep: one code a line, under a line saying what they are. */
function downloadRecoveryCodes(codes: string[], heading: string, username: string | undefined) {
  const text = `${heading}\n\n${codes.join('\n')}\n`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  link.download = `maika-recovery-codes${username ? `-${username}` : ''}.txt`;
  link.click();
  // Released once the click's download has taken the file.
  setTimeout(() => URL.revokeObjectURL(link.href));
}

/** The codes, the copy-all and download buttons, and the way on once they are kept. */
function RecoveryCodes({ codes, username, onDone }: { codes: string[]; username: string | undefined; onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success(t('twoFactor.copied'));
    } catch {
      // The clipboard is closed to pages not served over https (or from this machine).
      void message.error(t('twoFactor.copyFailed'));
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={t('twoFactor.recoveryTitle')} description={t('twoFactor.recoveryHint')} />
      <List
        bordered
        grid={{ column: 2 }}
        dataSource={codes}
        renderItem={(code) => (
          <List.Item style={{ margin: 0, padding: '6px 12px' }}>
            <Typography.Text code copyable data-testid="recovery-code">
              {code}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Space style={{ width: '100%' }}>
        <Button icon={<CopyOutlined />} onClick={copyAll}>
          {t('twoFactor.copyAll')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => downloadRecoveryCodes(codes, t('twoFactor.fileHeading'), username)}>
          {t('twoFactor.download')}
        </Button>
      </Space>
      <Button type="primary" block onClick={onDone}>
        {t('twoFactor.saved')}
      </Button>
    </Space>
  );
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
  const { mutate: logout } = useLogout();
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
            <RecoveryCodes codes={recoveryCodes} username={me?.username} onDone={done} />
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
                  rules={[{ required: true, pattern: TOTP_CODE_PATTERN, message: t('twoFactor.codeHint') }]}
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
          {/* Until it is on, this page is all an administrator or finance operator can open: the way out is here. */}
          {me?.enrolmentRequired && !recoveryCodes && (
            <Button type="link" block icon={<LogoutOutlined />} onClick={() => logout()}>
              {t('buttons.logout')}
            </Button>
          )}
        </Space>
      </Card>
    </div>
  );
}
