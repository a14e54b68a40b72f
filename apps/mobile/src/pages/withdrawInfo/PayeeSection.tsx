import { payeeChannelTable, PayeeChannel } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { OpenBank, Payee } from '@/api/endpoints/withdrawals';
import { useDeletePayee } from '@/api/queries/withdrawals';
import { confirm, toast } from '@/feedback';
import { useLocale, useT } from '@/i18n';
import { PayeeForm } from './PayeeForm';

interface PayeeSectionProps {
  channel: PayeeChannel;
  payee: Payee | null;
  banks: readonly OpenBank[];
  /** Why the channel cannot be added yet and what to do (WeChat before the mini-program linked it); null when it can. */
  notice: string | null;
  onRealNameRequired(): void;
}

/** One channel: its saved payee with change and delete, the form to add one, or why it cannot be added yet. */
export function PayeeSection({ channel, payee, banks, notice, onRealNameRequired }: PayeeSectionProps) {
  const t = useT();
  const locale = useLocale();
  const entry = payeeChannelTable.byCode(channel)!;
  const [editing, setEditing] = useState(false);
  const remove = useDeletePayee();

  const confirmDelete = async (saved: Payee) => {
    const confirmed = await confirm({
      title: t('withdrawInfo.delete.title'),
      content: t('withdrawInfo.delete.content', { channel: entry.label[locale], account: saved.account }),
      confirmText: t('withdrawInfo.delete.confirm'),
      cancelText: t('common.cancel'),
      destructive: true,
    });
    if (confirmed) remove.mutate(saved.id, { onSuccess: () => toast(t('withdrawInfo.deleted')) });
  };

  return (
    <View className="withdraw-info__section" data-channel={entry.key}>
      <View className="withdraw-info__section-head">
        <View className="withdraw-info__dot" style={{ background: entry.color }} />
        <Text className="withdraw-info__section-title" style={{ color: entry.color }}>
          {entry.label[locale]}
        </Text>
        {payee && !editing ? <Text className="withdraw-info__saved-tag">{t('withdrawInfo.savedTag')}</Text> : null}
      </View>
      {payee && !editing ? (
        <View className="withdraw-info__saved">
          <Text className="withdraw-info__account">{payee.account}</Text>
          {payee.bankName ? (
            <Text className="withdraw-info__bank">{[payee.bankName, payee.branch].filter(Boolean).join(' · ')}</Text>
          ) : null}
          <View className="withdraw-info__saved-actions">
            <Text className="withdraw-info__action" onClick={() => setEditing(true)}>
              {t('withdrawInfo.edit')}
            </Text>
            <Text className="withdraw-info__action withdraw-info__action--danger" onClick={() => void confirmDelete(payee)}>
              {t('withdrawInfo.delete')}
            </Text>
          </View>
        </View>
      ) : notice && !payee ? (
        <Text className="withdraw-info__unavailable">{notice}</Text>
      ) : (
        <PayeeForm
          channel={channel}
          editing={editing ? payee : null}
          banks={banks}
          onDone={() => setEditing(false)}
          onRealNameRequired={onRealNameRequired}
        />
      )}
    </View>
  );
}
