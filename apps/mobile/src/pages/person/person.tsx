import { locales, VersionInfo, type Locale } from '@maika/shared';
import { ActionSheet, Cell } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/actionsheet/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cellgroup/style/css';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { NavHeader } from '@/components/NavHeader';
import { TabPage } from '@/components/TabPage';
import { useLocale, useT } from '@/i18n';
import { useSettingsStore } from '@/stores/settings';
import './person.scss';

export default function Person() {
  const t = useT();
  const locale = useLocale();
  const chooseLocale = useSettingsStore((state) => state.chooseLocale);
  const [choosingLanguage, setChoosingLanguage] = useState(false);

  // Each language is named in itself, so a reader of either can find their own.
  const languageOptions = locales.map((code) => ({ name: t(`language.${code}`), locale: code }));

  return (
    <TabPage route="person" className="person">
      <NavHeader title={t('title.person')}>
        <View className="person__profile">
          <View className="person__avatar" />
          <View className="person__identity">
            <Text className="person__name">{t('person.guest.name')}</Text>
            <Text className="person__hint">{t('person.guest.hint')}</Text>
          </View>
        </View>
      </NavHeader>

      <View className="person__section">
        <Cell.Group title={t('person.settings.title')}>
          <Cell
            title={t('person.settings.language')}
            extra={<Text className="person__value person__value--link">{t(`language.${locale}`)}</Text>}
            clickable
            onClick={() => setChoosingLanguage(true)}
          />
          <Cell title={t('person.settings.version')} extra={<Text className="person__value">{VersionInfo.stamp}</Text>} />
        </Cell.Group>
      </View>

      <ActionSheet
        visible={choosingLanguage}
        title={t('person.language.pickerTitle')}
        options={languageOptions}
        cancelText={t('common.cancel')}
        onSelect={(option) => {
          chooseLocale(option.locale as Locale);
          setChoosingLanguage(false);
        }}
        onCancel={() => setChoosingLanguage(false)}
      />
    </TabPage>
  );
}
