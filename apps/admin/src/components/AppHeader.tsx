import { adminRoleTable, labelOf, type Locale } from '@maika/shared';
import { useGetIdentity, useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { Avatar, Button, Layout, Segmented, Space, Tag, Typography } from 'antd';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AdminIdentity } from '../providers/authProvider';

const roleColors: Record<string, string> = { admin: 'magenta', reviewer: 'blue', finance: 'gold', support: 'green' };

/** Who is signed in, with which role, and the language switch (logout is at the foot of the menu). */
export function AppHeader() {
  const t = useTranslate();
  const locale = useGetLocale()() as Locale;
  const setLocale = useSetLocale();
  const { data: me } = useGetIdentity<AdminIdentity>();
  const navigate = useNavigate();
  return (
    <Layout.Header
      style={{
        background: '#fff',
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 64,
        position: 'sticky',
        top: 0,
        zIndex: 10,
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Space size="large">
        <Segmented
          aria-label={t('header.language')}
          value={locale}
          onChange={(value) => setLocale(String(value))}
          options={[
            { label: '中文', value: 'zh-CN' },
            { label: 'English', value: 'en-US' },
          ]}
        />
        {me && (
          <Space data-testid="current-admin">
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#0eb2e9' }} />
            <Typography.Text strong>{me.username}</Typography.Text>
            <Tag color={roleColors[me.role]}>{labelOf(adminRoleTable, adminRoleTable.byKey(me.role)?.code ?? 0, locale)}</Tag>
            <Button size="small" type="text" icon={<SafetyOutlined />} onClick={() => navigate('/twoFactor')}>
              {t('twoFactor.manage')}
            </Button>
          </Space>
        )}
      </Space>
    </Layout.Header>
  );
}
