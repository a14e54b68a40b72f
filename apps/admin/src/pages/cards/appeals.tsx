import { cardCalls, formatFen, type AdminCard } from '@maika/shared';
import { useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { App, Form, Input, Radio, Table } from 'antd';
import { ActionModalButton } from '../../components/ActionModalButton';
import { Clip, useLocale } from '../../components/display';
import { fenOf, yuanRule, yuanText } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';
import { useCardColumns } from './columns';

interface Decision {
  uphold: boolean;
  reply: string;
  actual?: string;
}

function DecideButton({ card }: { card: AdminCard }) {
  const t = useTranslate();
  const locale = useLocale();
  const { runCall } = useAction(['appeals', 'cards', 'approvals']);
  const { notification } = App.useApp();
  return (
    <ActionModalButton<Decision>
      label={t('cards.decide')}
      title={t('cards.decideTitle', { declared: formatFen(card.declaredFaceValueFen) })}
      button={{ type: 'primary', size: 'small' }}
      initialValues={{ uphold: true }}
      fields={
        <>
          <Form.Item name="uphold" label={t('cards.decision')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: true, label: t('cards.uphold') },
                { value: false, label: t('cards.dismiss') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="reply"
            label={t('cards.reply')}
            rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
          <Form.Item
            name="actual"
            label={t('cards.actualFaceValue')}
            extra={t('cards.actualFaceValueHint')}
            rules={[yuanRule(locale, false)]}
          >
            <Input prefix="¥" placeholder={yuanText(card.declaredFaceValueFen)} />
          </Form.Item>
        </>
      }
      onSubmit={async (v) => {
        const actual = fenOf(v.actual);
        const answer = await runCall<AdminCard>(
          cardCalls.decideAppeal,
          { id: card.id },
          {
            uphold: v.uphold,
            reply: v.reply.trim(),
            ...(v.uphold && actual ? { actualFaceValueFen: actual } : {}),
          },
        );
        if (answer.pendingApproval)
          notification.info({ message: t('approvals.pendingNotice', { value: formatFen(answer.pendingApproval.actualFaceValueFen) }) });
      }}
    />
  );
}

/** Cards under appeal, oldest complaint answered first by whoever takes it. */
export function AppealList() {
  const t = useTranslate();
  const columns = useCardColumns();
  const { tableProps } = useTable<AdminCard, HttpError>({ resource: 'appeals', syncWithLocation: false });
  return (
    <Table {...tableProps} rowKey="id" size="middle" tableLayout="fixed" scroll={{ x: 1180 }}>
      {columns}
      <Table.Column<AdminCard>
        key="rejectReason"
        dataIndex="rejectReason"
        title={t('cards.reason')}
        render={(v: string | null) => <Clip text={v} type="secondary" />}
      />
      <Table.Column<AdminCard>
        key="appealReason"
        dataIndex="appealReason"
        title={t('cards.appealReason')}
        render={(v: string | null) => <Clip text={v} />}
      />
      <Table.Column<AdminCard>
        key="actions"
        fixed="right"
        width={96}
        title={t('table.actions')}
        render={(_, c) => <DecideButton card={c} />}
      />
    </Table>
  );
}
