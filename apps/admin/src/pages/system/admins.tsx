import { adminRoleTable, OPERATOR_USERNAME_PATTERN, operatorCalls, type AdminRoleKey } from '@maika/shared';
import { List, useTable } from '@refinedev/antd';
import { useGetIdentity, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, KeyOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { AdminIdentity } from '../../providers/authProvider';
import { ActionModalButton } from '../../components/ActionModalButton';
import { DateTime, useLocale } from '../../components/display';
import { useAction } from '../../components/useAction';
import { useAccountChangeResult, type AccountChange } from './accountChange';

interface AdminAccount {
  id: number;
  username: string;
  role: AdminRoleKey;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

function useRoleOptions() {
  const locale = useLocale();
  return adminRoleTable.values.map((r) => ({ value: r.key, label: r.label[locale] }));
}

/**
 * Operator accounts: create, change role, reset password or two-factor login, disable
 * (administrators only). Nobody types another's password: a creation or a password reset shows a
 * one-time set-up link to hand over; with two administrators, a change that gives someone a say
 * in approvals waits for the other one under Second approvals.
 */
export function AdminList() {
  const t = useTranslate();
  const { data: me } = useGetIdentity<AdminIdentity>();
  const locale = useLocale();
  const roles = useRoleOptions();
  const { runCall } = useAction(['admins', 'approvals']);
  const showResult = useAccountChangeResult();
  const change = async (...args: Parameters<typeof runCall>) => showResult(await runCall<AccountChange>(...args));
  const { tableProps } = useTable<AdminAccount, HttpError>({ pagination: { mode: 'off' }, syncWithLocation: true });
  return (
    <List
      headerButtons={
        <ActionModalButton<{ username: string; role: AdminRoleKey }>
          label={t('admins.create')}
          title={t('admins.create')}
          button={{ type: 'primary', icon: <PlusOutlined /> }}
          initialValues={{ role: 'reviewer' }}
          fields={
            <>
              <Form.Item
                name="username"
                label={t('admins.username')}
                rules={[{ required: true, pattern: OPERATOR_USERNAME_PATTERN, message: t('admins.usernameHint') }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="role" label={t('admins.role')} extra={t('admins.setupHint')}>
                <Select options={roles} />
              </Form.Item>
            </>
          }
          onSubmit={(v) => change(operatorCalls.createAdmin, {}, v)}
        />
      }
    >
      <Table {...tableProps} rowKey="id" pagination={false}>
        <Table.Column<AdminAccount> dataIndex="id" title="ID" width={70} />
        <Table.Column<AdminAccount> dataIndex="username" title={t('admins.username')} />
        <Table.Column<AdminAccount>
          dataIndex="role"
          title={t('admins.role')}
          render={(v: AdminRoleKey) => <Tag color="blue">{adminRoleTable.byKey(v)?.label[locale] ?? v}</Tag>}
        />
        <Table.Column<AdminAccount>
          dataIndex="disabled"
          title={t('common.status')}
          render={(v: boolean) => (v ? <Tag color="red">{t('admins.disabled')}</Tag> : <Tag color="green">{t('admins.active')}</Tag>)}
        />
        <Table.Column<AdminAccount>
          dataIndex="twoFactorEnabled"
          title={t('admins.twoFactor')}
          render={(v: boolean) => (v ? <Tag color="green">{t('admins.twoFactorOn')}</Tag> : <Tag>{t('admins.twoFactorOff')}</Tag>)}
        />
        <Table.Column<AdminAccount>
          dataIndex="lastLoginAt"
          title={t('admins.lastLogin')}
          render={(v: string | null) => <DateTime value={v} />}
        />
        <Table.Column<AdminAccount> dataIndex="createdAt" title={t('common.createdAt')} render={(v: string) => <DateTime value={v} />} />
        <Table.Column<AdminAccount>
          title={t('table.actions')}
          render={(_, a) => (
            <Space>
              <ActionModalButton<{ role: AdminRoleKey; disabled: boolean }>
                label={t('buttons.edit')}
                title={t('admins.editTitle', { name: a.username })}
                button={{ size: 'small', icon: <EditOutlined /> }}
                initialValues={{ role: a.role, disabled: a.disabled }}
                fields={
                  <>
                    <Form.Item name="role" label={t('admins.role')}>
                      <Select options={roles} />
                    </Form.Item>
                    <Form.Item name="disabled" label={t('admins.disabled')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </>
                }
                onSubmit={(v) => change(operatorCalls.updateAdmin, { id: a.id }, { role: v.role, disabled: v.disabled })}
              />
              {a.id !== me?.id && (
                <Popconfirm
                  title={t('admins.resetPasswordConfirm', { name: a.username })}
                  onConfirm={() => change(operatorCalls.resetPassword, { id: a.id })}
                  okText={t('buttons.confirm')}
                  cancelText={t('buttons.cancel')}
                >
                  <Button size="small" icon={<KeyOutlined />}>
                    {t('admins.resetPassword')}
                  </Button>
                </Popconfirm>
              )}
              {a.twoFactorEnabled && a.id !== me?.id && (
                <Popconfirm
                  title={t('admins.resetTwoFactorConfirm', { name: a.username })}
                  onConfirm={() => change(operatorCalls.resetTwoFactor, { id: a.id })}
                  okText={t('buttons.confirm')}
                  cancelText={t('buttons.cancel')}
                >
                  <Button size="small" icon={<SafetyOutlined />}>
                    {t('admins.resetTwoFactor')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
