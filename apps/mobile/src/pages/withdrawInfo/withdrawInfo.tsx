import { payeeChannelTable } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import type { OpenBank, Payee, WithdrawalChannel } from '@/api/endpoints/withdrawals';
import { useOpenBanks, usePayeeOwner, usePayees, useWithdrawalChannels } from '@/api/queries/withdrawals';
import { AsyncView, type AsyncSource } from '@/components/AsyncView';
import { StateView } from '@/components/StateView';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, useT } from '@/i18n';
import { withdrawInfoMessages } from '@/i18n/locales/pages/withdrawInfo';
import { navigateTo } from '@/navigation';
import { offerRealNameAuth } from '@/pages/withdraw/offerRealName';
import { PayeeSection } from './PayeeSection';
import './withdrawInfo.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/withdrawInfo.ts).
addPageMessages(withdrawInfoMessages);

/**
 * The payee accounts of the three channels, one each. Payouts go only to accounts in the user's
 * verified real name, so the name is not typed here: it is the verified one, and without a
 * verification the page leads there instead.
 */
export default function WithdrawInfo() {
  usePageTitle('withdrawInfo');
  const t = useT();
  const userinfo = usePayeeOwner();

  if (!userinfo) {
    return (
      <View className="withdraw-info">
        <StateView
          kind="empty"
          title={t('person.guest.name')}
          body={t('withdrawInfo.guest.body')}
          action={
            <Button type="primary" shape="round" onClick={() => void navigateTo('login')}>
              {t('person.login')}
            </Button>
          }
        />
      </View>
    );
  }
  if (!userinfo.realInfo.verified) {
    return (
      <View className="withdraw-info">
        <View className="withdraw-info__verify">
          <View className="withdraw-info__verify-picture" />
          <Text className="withdraw-info__verify-title">{t('withdrawInfo.unverified.title')}</Text>
          <Text className="withdraw-info__verify-body">{t('withdrawInfo.unverified.body')}</Text>
          <Button className="withdraw-info__verify-action" type="primary" shape="round" onClick={() => void navigateTo('realNameAuth')}>
            {t('withdrawInfo.unverified.action')}
          </Button>
        </View>
      </View>
    );
  }
  return (
    <View className="withdraw-info">
      <View className="withdraw-info__name">
        <Text className="withdraw-info__name-label">{t('withdrawInfo.name.label')}</Text>
        <Text className="withdraw-info__name-value">{userinfo.realInfo.name ?? ''}</Text>
        <Text className="withdraw-info__name-hint">{t('withdrawInfo.name.hint')}</Text>
      </View>
      <PayeeSections />
    </View>
  );
}

function usePayeeData(): AsyncSource<{ payees: Payee[]; banks: OpenBank[]; channels: WithdrawalChannel[] }> {
  const payees = usePayees();
  const banks = useOpenBanks();
  const channels = useWithdrawalChannels();
  const parts = [payees, banks, channels];
  return {
    data: payees.data && banks.data && channels.data ? { payees: payees.data, banks: banks.data, channels: channels.data } : undefined,
    error: parts.find((part) => part.error)?.error ?? null,
    isFetching: parts.some((part) => part.isFetching),
    refetch: (options) => Promise.all(parts.map((part) => part.refetch(options))),
  };
}

function PayeeSections() {
  const source = usePayeeData();
  return (
    <AsyncView source={source}>
      {({ payees, banks, channels }) => (
        <View className="withdraw-info__sections">
          {payeeChannelTable.values.map((entry) => (
            <PayeeSection
              key={entry.code}
              channel={entry.code}
              payee={payees.find((payee) => payee.channel === entry.code) ?? null}
              banks={banks}
              // What must happen before the channel can be used (WeChat: a login in the mini-program), said before any typing.
              notice={channels.find((channel) => channel.channel === entry.code)?.notice ?? null}
              // The server found no verification after all (this device's copy of the profile is old).
              onRealNameRequired={() => void offerRealNameAuth()}
            />
          ))}
        </View>
      )}
    </AsyncView>
  );
}
