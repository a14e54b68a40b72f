import { formatFen } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useCashAccount } from '@/api/queries/withdrawals';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';

/** The logged-in user's balance with the way to withdraw it; asked again each time the tab shows. */
export function BalanceCard() {
  const t = useT();
  const account = useCashAccount();
  const available = account.data ? formatFen(account.data.availableFen, { symbol: false }) : '--';
  const heldFen = account.data?.heldFen ?? 0;

  return (
    <View className="person__balance">
      <View className="person__balance-main">
        <Text className="person__balance-label">{t('person.balance.label')}</Text>
        <Text className="person__balance-amount">{available}</Text>
        {heldFen > 0 ? <Text className="person__balance-held">{t('person.balance.held', { amount: formatFen(heldFen) })}</Text> : null}
      </View>
      <View className="person__balance-actions">
        <View
          className="person__balance-withdraw"
          hoverClass="person__balance-withdraw--pressed"
          onClick={() => void navigateTo('withdraw')}
        >
          <Text>{t('person.balance.withdraw')}</Text>
        </View>
        <Text className="person__balance-records" onClick={() => void navigateTo('withdrawRecord')}>
          {t('person.balance.records')}
        </Text>
      </View>
    </View>
  );
}
