import { labelOf, messageTypeTable } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import type { MessagePreference, MessageSettingsData } from '@/api/endpoints/messages';
import { useMessageSettings, useSaveMessageSettings } from '@/api/queries/messages';
import { AsyncView } from '@/components/AsyncView';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { toast } from '@/feedback';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, useLocale, useT, type MessageKey } from '@/i18n';
import { messageCentreMessages } from '@/i18n/locales/pages/messageCentre';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import { ariaState } from '@/a11y';
import { shownChannels, type PreferenceChannel } from './channels';
import './messageSettings.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/messageCentre.ts).
addPageMessages(messageCentreMessages);

/** The mini-program's own name for its messages: the app runs inside one of them, or on H5 where the column is not shown. */
const miniProgramLabel: MessageKey = process.env.TARO_ENV === 'alipay' ? 'messageSettings.channel.alipay' : 'messageSettings.channel.weapp';

const columnLabels: Readonly<Record<PreferenceChannel, MessageKey>> = {
  sms: 'messageSettings.channel.sms',
  miniProgram: miniProgramLabel,
};

const columnHints: Readonly<Record<PreferenceChannel, MessageKey>> = {
  sms: 'messageSettings.sms.hint',
  miniProgram: 'messageSettings.miniProgram.hint',
};

/**
 * Per message type, whether it also comes by SMS and as a mini-program message (docs/product.md
 * "Messages"): a switch only for the channels the platform has on, and the mini-program's only
 * inside it. Each switch is saved as it is flipped.
 */
export default function MessageSettingsPage() {
  usePageTitle('messageSettings');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  return <View className="message-settings">{isLogin ? <Settings /> : <LoginFirst body={t('message.loginFirst')} />}</View>;
}

function Settings() {
  const settings = useMessageSettings();
  return (
    <AsyncView source={settings} skeleton={<ListSkeleton rows={6} />}>
      {(data) => <SettingsForm data={data} />}
    </AsyncView>
  );
}

function SettingsForm({ data }: { data: MessageSettingsData }) {
  const t = useT();
  const locale = useLocale();
  const save = useSaveMessageSettings();
  // What the switches show: the flip at once, the server's answer once it is saved.
  const [list, setList] = useState<MessagePreference[]>(data.list);
  useEffect(() => setList(data.list), [data.list]);
  const columns = shownChannels(data.channels, process.env.TARO_ENV);

  if (columns.length === 0) {
    return <StateView kind="empty" title={t('messageSettings.none.title')} body={t('messageSettings.none.body')} />;
  }

  const flip = (type: number, channel: PreferenceChannel) => {
    const next = list.map((preference) => (preference.type === type ? { ...preference, [channel]: !preference[channel] } : preference));
    setList(next);
    save.mutate(next, {
      onSuccess: () => toast(t('messageSettings.saved'), 'success'),
      // The error toast said why; the switches go back to what is saved.
      onError: () => setList(data.list),
    });
  };

  return (
    <>
      <Text className="message-settings__intro">{t('messageSettings.intro')}</Text>
      <View className="message-settings__card">
        <View className="message-settings__row message-settings__row--head">
          <View className="message-settings__type" />
          {columns.map((column) => (
            <Text key={column} className="message-settings__column">
              {t(columnLabels[column])}
            </Text>
          ))}
        </View>
        {list.map((preference) => {
          const typeLabel = labelOf(messageTypeTable, preference.type, locale);
          return (
            <View key={preference.type} className="message-settings__row" data-message-type={String(preference.type)}>
              <Text className="message-settings__type">{typeLabel}</Text>
              {columns.map((column) => (
                // The whole cell takes the tap, not just the drawn switch.
                <View
                  key={column}
                  className="message-settings__column message-settings__toggle"
                  role="switch"
                  aria-checked={ariaState(preference[column])}
                  aria-label={`${typeLabel} ${t(columnLabels[column])}`}
                  data-channel={column}
                  onClick={() => flip(preference.type, column)}
                >
                  <View
                    className={preference[column] ? 'message-settings__switch message-settings__switch--on' : 'message-settings__switch'}
                  />
                </View>
              ))}
            </View>
          );
        })}
      </View>
      {columns.map((column) => (
        <Text key={column} className="message-settings__hint">
          {t(columnHints[column])}
        </Text>
      ))}
    </>
  );
}
