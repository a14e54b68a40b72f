import { CardStatus, SettlementStatus, cardCalls, cardFieldLabels, formatFen, type AdminCall, type AdminCard } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { App, Button, Descriptions, Dropdown, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ActionModalButton } from '../../components/ActionModalButton';
import { useLocale } from '../../components/display';
import { fenOf, yuanRule, yuanText } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';

/** Cards a reviewer passes or rejects: waiting for a verdict, in manual review, or not activated (it may activate later). */
const reviewable: readonly number[] = [CardStatus.Unreviewed, CardStatus.Abnormal, CardStatus.NotActivated];

/** Cards waiting for a human decision: the only ones whose secrets the server reveals. */
const revealable: readonly number[] = [CardStatus.Abnormal, CardStatus.NotActivated, CardStatus.UnderAppeal];

/** "Reveal secret": the reason is asked for, the audited reveal route's answer shown once in a modal. */
function RevealButton({ card }: { card: AdminCard }) {
  const t = useTranslate();
  const locale = useLocale();
  const { runCall } = useAction([]);
  const [secret, setSecret] = useState<{ cardNo: string | null; cardPwd: string } | null>(null);
  if (!revealable.includes(card.status)) return null;
  return (
    <>
      <ActionModalButton<{ reason: string }>
        label={<EyeOutlined aria-label={t('cards.reveal')} />}
        title={t('cards.secretTitle')}
        button={{ size: 'small', title: t('cards.reveal') }}
        fields={
          <Form.Item
            name="reason"
            label={t('cards.revealReason')}
            rules={[{ required: true, whitespace: true, min: 4, message: t('cards.revealReasonRequired') }, { max: 200 }]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        }
        onSubmit={async (v) => setSecret(await runCall(cardCalls.reveal, { id: card.id }, { reason: v.reason.trim() }))}
      />
      <Modal open={!!secret} title={t('cards.secretTitle')} onCancel={() => setSecret(null)} footer={null} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('cards.secretAudited')}</Typography.Paragraph>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={cardFieldLabels.cardNo[locale]}>
            <Typography.Text copyable code data-testid="revealed-card-no">
              {secret?.cardNo ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={cardFieldLabels.cardPwd[locale]}>
            <Typography.Text copyable code data-testid="revealed-card-pwd">
              {secret?.cardPwd}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Modal>
    </>
  );
}

/** Approve at the declared face value, or at the actual one the reviewer types in yuan. */
export function ApproveButton({ card }: { card: AdminCard }) {
  const t = useTranslate();
  const locale = useLocale();
  const { runCall } = useAction(['cards', 'approvals']);
  const { notification } = App.useApp();
  return (
    <ActionModalButton<{ actual?: string }>
      label={t('cards.approve')}
      title={t('cards.approveTitle', { declared: formatFen(card.declaredFaceValueFen) })}
      button={{ type: 'primary', size: 'small' }}
      fields={
        <Form.Item
          name="actual"
          label={t('cards.actualFaceValue')}
          extra={t('cards.actualFaceValueHint')}
          rules={[yuanRule(locale, false)]}
        >
          <Input prefix="¥" placeholder={yuanText(card.declaredFaceValueFen)} />
        </Form.Item>
      }
      onSubmit={async (v) => {
        const actual = fenOf(v.actual);
        const answer = await runCall<AdminCard>(cardCalls.approve, { id: card.id }, actual ? { actualFaceValueFen: actual } : {});
        // Above the declared value or the threshold, the pass waits for a second reviewer.
        if (answer.pendingApproval)
          notification.info({ message: t('approvals.pendingNotice', { value: formatFen(answer.pendingApproval.actualFaceValueFen) }) });
      }}
    />
  );
}

/** A mailed card still on its way: nothing to judge yet, so pass and reject are shown but cannot be pressed. */
function AwaitingReceipt() {
  const t = useTranslate();
  return (
    <Tooltip title={t('cards.awaitingReceiptHint')}>
      <Space size={4} data-testid="awaiting-receipt-actions">
        <Button type="primary" size="small" disabled>
          {t('cards.approve')}
        </Button>
        <Button danger size="small" disabled>
          {t('cards.reject')}
        </Button>
      </Space>
    </Tooltip>
  );
}

export function CardActions({ card }: { card: AdminCard }) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const { runCall } = useAction(['cards']);
  const canReview = reviewable.includes(card.status) && !card.awaitingReceipt;
  // Only money not credited yet can be held back.
  const freezable =
    card.status !== CardStatus.Rejected &&
    (card.settlementStatus === SettlementStatus.NotCredited || card.settlementStatus === SettlementStatus.PendingCredit);
  const act = (call: AdminCall, body: object = {}) => runCall(call, { id: card.id }, body);
  const askReason = (call: AdminCall, title: string, required: boolean) => {
    let reason = '';
    modal.confirm({
      title,
      content: (
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder={t(required ? 'common.reasonRequired' : 'common.reasonOptional')}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: t('buttons.confirm'),
      cancelText: t('buttons.cancel'),
      onOk: () =>
        required && !reason.trim() ? Promise.reject(new Error('reason')) : act(call, reason.trim() ? { reason: reason.trim() } : {}),
    });
  };
  const more = [
    ...(canReview && card.status !== CardStatus.Abnormal
      ? [
          {
            key: 'notActivated',
            label: t('cards.notActivated'),
            onClick: () => askReason(cardCalls.notActivated, t('cards.notActivated'), false),
          },
        ]
      : []),
    ...(canReview && card.status !== CardStatus.Abnormal
      ? [
          {
            key: 'abnormal',
            label: t('cards.abnormal'),
            danger: true,
            onClick: () => askReason(cardCalls.abnormal, t('cards.abnormal'), true),
          },
        ]
      : []),
    ...(freezable ? [{ key: 'freeze', label: t('cards.freeze'), onClick: () => act(cardCalls.freeze) }] : []),
    ...(card.settlementStatus === SettlementStatus.Frozen
      ? [{ key: 'unfreeze', label: t('cards.unfreeze'), onClick: () => act(cardCalls.unfreeze) }]
      : []),
  ];
  return (
    <Space size={4} wrap={false}>
      <RevealButton card={card} />
      {card.awaitingReceipt && <AwaitingReceipt />}
      {canReview && <ApproveButton card={card} />}
      {canReview && (
        <ActionModalButton
          label={t('cards.reject')}
          title={t('cards.rejectTitle')}
          button={{ danger: true, size: 'small' }}
          onSubmit={(v) => act(cardCalls.reject, v)}
        />
      )}
      {more.length > 0 && (
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Button size="small" icon={<MoreOutlined />} aria-label={t('table.actions')} />
        </Dropdown>
      )}
    </Space>
  );
}
