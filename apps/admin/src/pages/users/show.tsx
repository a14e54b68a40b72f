import { AccountStatus, accountStatusTable, genderTable, userCalls, withdrawalCalls } from '@maika/shared';
import { Show } from '@refinedev/antd';
import { useGo, useShow, useTranslate } from '@refinedev/core';
import { App, Avatar, Button, Card, Col, Descriptions, Popconfirm, Result, Row, Space, Statistic, Tabs, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ActionModalButton } from '../../components/ActionModalButton';
import { DateTime, EnumTag, Money, accountStatusColors, useLocale } from '../../components/display';
import { fenOf } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';
import { AdjustFields, signedFen, type AdjustValues } from './AdjustFields';
import { VerifiedTag } from './list';
import { UserCards, UserLedger, UserReferrals, UserWithdrawals } from './tabs';
import { UserMessages } from './UserMessages';

const newIdempotencyKey = () => crypto.randomUUID().replace(/-/g, '');

interface UserDetail {
  user: {
    id: number;
    phone: string | null;
    nickname: string;
    status: number;
    verified: boolean;
    createdAt: string;
    avatar: string | null;
    gender: number;
    inviteCode: string;
    realName: string | null;
    idNum: string | null;
    realNameVerifiedAt: string | null;
    wechatBound: boolean;
    alipayBound: boolean;
  };
  account: { availableFen: number; heldFen: number; creditedTotalFen: number; withdrawnTotalFen: number; rebateTotalFen: number };
  referrer: { id: number; phone: string | null } | null;
  refereeCount: number;
}

function UserActions({ detail }: { detail: UserDetail }) {
  const t = useTranslate();
  const locale = useLocale();
  const { runCall, isPending } = useAction(['users', `users/${detail.user.id}/ledger`]);
  const canFreeze = useCanDo('users', 'freeze');
  const canAdjust = useCanDo('users', 'adjust');
  const { notification } = App.useApp();
  const id = detail.user.id;
  const frozen = detail.user.status === AccountStatus.Frozen;
  // One key per adjustment: a retry after a lost answer is recognised by the server, not applied twice.
  const [adjustKey, setAdjustKey] = useState(newIdempotencyKey);
  return (
    <Space>
      {canFreeze && !frozen && detail.user.status === AccountStatus.Active && (
        <ActionModalButton
          label={t('users.freeze')}
          title={t('users.freezeTitle')}
          button={{ danger: true }}
          onSubmit={(v) => runCall(userCalls.freeze, { id }, v)}
        />
      )}
      {canFreeze && frozen && (
        <Popconfirm title={t('users.unfreezeConfirm')} onConfirm={() => runCall(userCalls.unfreeze, { id })}>
          <Button loading={isPending}>{t('users.unfreeze')}</Button>
        </Popconfirm>
      )}
      {canAdjust && (
        <ActionModalButton<AdjustValues>
          label={t('users.adjust')}
          title={t('users.adjustTitle')}
          button={{ type: 'primary' }}
          initialValues={{ direction: 1 }}
          fields={<AdjustFields locale={locale} />}
          onSubmit={async (v) => {
            const answer = await runCall<{ pendingApprovalId: number | null }>(
              withdrawalCalls.adjust,
              { id },
              {
                amountFen: signedFen(v.direction, fenOf(v.amount) ?? 0),
                reason: v.reason.trim(),
                idempotencyKey: adjustKey,
              },
            );
            setAdjustKey(newIdempotencyKey());
            // A large credit waits for a second finance operator.
            if (answer.pendingApprovalId !== null) notification.info({ message: t('approvals.adjustPendingNotice') });
          }}
        />
      )}
    </Space>
  );
}

/** One user: identity, real-name state, balances, and their cards, withdrawals, referees, ledger and messages. */
export function UserShow() {
  const t = useTranslate();
  const locale = useLocale();
  const go = useGo();
  const { query } = useShow<UserDetail>();
  const d = query.data?.data;
  const canCards = useCanDo('cards', 'list');
  const canWithdrawals = useCanDo('withdrawals', 'list');
  const canReferrals = useCanDo('referrals', 'list');
  const canLedger = useCanDo('users', 'ledger');
  const canMessages = useCanDo('messages', 'list');
  if (query.isError)
    return (
      <Show>
        <Result status="warning" title={query.error.message} />
      </Show>
    );
  if (!d) return <Show isLoading />;
  const u = d.user;
  const tabs = [
    canCards && { key: 'cards', label: t('users.cards'), children: <UserCards userId={u.id} /> },
    canWithdrawals && { key: 'withdrawals', label: t('resources.withdrawals'), children: <UserWithdrawals userId={u.id} /> },
    canReferrals && { key: 'referrals', label: t('users.referees', { count: d.refereeCount }), children: <UserReferrals userId={u.id} /> },
    canLedger && { key: 'ledger', label: t('users.ledger'), children: <UserLedger userId={u.id} /> },
    canMessages && { key: 'messages', label: t('users.messages'), children: <UserMessages userId={u.id} /> },
  ].filter((tab): tab is { key: string; label: string; children: JSX.Element } => !!tab);
  return (
    <Show title={`${u.phone ?? `#${u.id}`} · ${u.nickname}`} headerButtons={<UserActions detail={d} />}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Row gutter={16}>
          <Col span={5}>
            <Card>
              <Statistic title={t('users.available')} valueRender={() => <Money fen={d.account.availableFen} strong />} />
            </Card>
          </Col>
          <Col span={5}>
            <Card>
              <Statistic title={t('users.held')} valueRender={() => <Money fen={d.account.heldFen} />} />
            </Card>
          </Col>
          <Col span={5}>
            <Card>
              <Statistic title={t('users.creditedTotal')} valueRender={() => <Money fen={d.account.creditedTotalFen} />} />
            </Card>
          </Col>
          <Col span={5}>
            <Card>
              <Statistic title={t('users.withdrawnTotal')} valueRender={() => <Money fen={d.account.withdrawnTotalFen} />} />
            </Card>
          </Col>
          <Col span={4}>
            <Card>
              <Statistic title={t('users.rebateTotal')} valueRender={() => <Money fen={d.account.rebateTotalFen} />} />
            </Card>
          </Col>
        </Row>
        <Card>
          <Descriptions
            column={3}
            size="small"
            title={
              <Space>
                <Avatar src={u.avatar ?? undefined} icon={<UserOutlined />} />
                {u.nickname}
              </Space>
            }
          >
            <Descriptions.Item label="ID">{u.id}</Descriptions.Item>
            <Descriptions.Item label={t('common.phone')}>{u.phone}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <EnumTag table={accountStatusTable} code={u.status} colors={accountStatusColors} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.gender')}>{genderTable.byCode(u.gender)?.label[locale] ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.inviteCode')}>{u.inviteCode}</Descriptions.Item>
            <Descriptions.Item label={t('users.joinedAt')}>
              <DateTime value={u.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.realName')}>
              <Space>
                <VerifiedTag verified={u.verified} />
                {u.realName}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.idNum')}>{u.idNum ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.verifiedAt')}>
              <DateTime value={u.realNameVerifiedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.bindings')}>
              <Space>
                {u.wechatBound && <Tag color="green">{t('users.wechat')}</Tag>}
                {u.alipayBound && <Tag color="blue">{t('users.alipay')}</Tag>}
                {!u.wechatBound && !u.alipayBound && '—'}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.referrer')}>
              {d.referrer ? (
                <a onClick={() => go({ to: { resource: 'users', action: 'show', id: d.referrer!.id } })}>
                  {d.referrer.phone ?? `#${d.referrer.id}`}
                </a>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        {tabs.length > 0 && (
          <Card>
            <Tabs items={tabs} destroyOnHidden />
          </Card>
        )}
      </Space>
    </Show>
  );
}
