import { colorHex, formatFen, labelOf, WithdrawalReviewConfig, WithdrawalStatus, withdrawalStatusTable } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import type { WithdrawalRecord } from '@/api/endpoints/withdrawals';
import { FactLine } from '@/components/FactLine';
import { toast } from '@/feedback';
import { formatDateTime } from '@/format/date';
import { useLocale, useT } from '@/i18n';
import { channelColor, channelLabel } from '@/pages/withdraw/channelTerms';
import { canConfirmReceipt, confirmReceipt } from './confirmReceipt';
import { withdrawalStatusColor } from './recordFormat';
import { recordElementId } from './useRecordFocus';

interface RecordCardProps {
  record: WithdrawalRecord;
  /** The record the page was opened for: marked out from the others. */
  focused?: boolean;
  /** After WeChat's confirmation: the record's status has moved on. */
  onConfirmed(): void;
}

export function RecordCard({ record, focused = false, onConfirmed }: RecordCardProps) {
  const t = useT();
  const locale = useLocale();
  const color = channelColor(record.channel);
  const awaiting = record.status === WithdrawalStatus.AwaitingConfirmation && record.confirm !== null;
  // "Unpaid" alone reads as stuck: one waiting for finance says it is under review, and for how long usually.
  const status = record.awaitingApproval
    ? { label: t('withdrawRecord.status.awaitingApproval'), color: colorHex('warn') }
    : { label: labelOf(withdrawalStatusTable, record.status, locale), color: withdrawalStatusColor(record.status) };

  const confirm = async () => {
    if (!record.confirm) return;
    const outcome = await confirmReceipt(record.confirm);
    if (outcome === 'confirmed') {
      toast(t('withdrawRecord.confirm.done'), 'success');
      onConfirmed();
    } else if (outcome === 'unsupported') toast(t('withdrawRecord.confirm.unsupported'));
  };

  return (
    <View
      id={recordElementId(record.id)}
      className={focused ? 'records__card records__card--focused' : 'records__card'}
      data-status={String(record.status)}
    >
      <View className="records__head">
        <Text className="records__channel" style={{ color, borderColor: color }}>
          {channelLabel(record.channel, locale)}
        </Text>
        <Text className="records__status" style={{ color: status.color }}>
          {status.label}
        </Text>
      </View>
      <Text className="records__amount">{formatFen(record.amountFen)}</Text>
      <View className="records__lines">
        <FactLine label={t('withdrawRecord.fee')} value={formatFen(record.feeFen)} />
        <FactLine label={t('withdrawRecord.payee')} value={`${record.payeeName} ${record.payeeAccount}`} />
        <FactLine label={t('withdrawRecord.createdAt')} value={formatDateTime(record.createdAt)} />
        {record.paidAt ? <FactLine label={t('withdrawRecord.paidAt')} value={formatDateTime(record.paidAt)} /> : null}
        <FactLine label={t('withdrawRecord.orderNo')} value={record.orderNo} />
      </View>
      {record.awaitingApproval ? (
        <Text className="records__review">{t('withdrawRecord.review.hint', { hours: WithdrawalReviewConfig.usualHours })}</Text>
      ) : null}
      {record.failReason ? <Text className="records__reason">{t('withdrawRecord.failReason', { reason: record.failReason })}</Text> : null}
      {awaiting ? (
        canConfirmReceipt ? (
          <Button className="records__confirm" type="primary" size="small" shape="round" onClick={() => void confirm()}>
            {t('withdrawRecord.confirm.action')}
          </Button>
        ) : (
          <Text className="records__hint">{t('withdrawRecord.confirm.openInWeChat')}</Text>
        )
      ) : null}
    </View>
  );
}
