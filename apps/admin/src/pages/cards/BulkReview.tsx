import { cardCalls } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { ActionModalButton } from '../../components/ActionModalButton';
import { useAction } from '../../components/useAction';

interface BulkResult {
  done: number[];
  skipped: { id: number; reason: string }[];
}

/** Approve or reject the selected cards at once; cards whose status moved on are reported, not changed. */
export function BulkReview({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const { runCall, isPending } = useAction(['cards']);
  const report = (result: BulkResult) => {
    onDone();
    if (result.skipped.length > 0) {
      notification.warning({
        message: t('cards.bulkSkipped', { done: result.done.length, skipped: result.skipped.length }),
        description: result.skipped.map((s) => `#${s.id}: ${s.reason}`).join('\n'),
      });
    }
  };
  return (
    <Space>
      <Typography.Text type="secondary">{t('cards.selected', { count: ids.length })}</Typography.Text>
      <Popconfirm
        title={t('cards.bulkApproveConfirm', { count: ids.length })}
        onConfirm={async () => report(await runCall<BulkResult>(cardCalls.bulkApprove, {}, { ids }))}
        disabled={ids.length === 0}
      >
        <Button type="primary" disabled={ids.length === 0} loading={isPending}>
          {t('cards.bulkApprove')}
        </Button>
      </Popconfirm>
      <ActionModalButton
        label={t('cards.bulkReject')}
        title={t('cards.bulkRejectTitle', { count: ids.length })}
        button={{ danger: true, disabled: ids.length === 0 }}
        onSubmit={async (v) => report(await runCall<BulkResult>(cardCalls.bulkReject, {}, { ids, reason: v.reason }))}
      />
    </Space>
  );
}
