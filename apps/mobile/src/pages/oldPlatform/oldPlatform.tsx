import { ToastConfig } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useFoundation } from '@/api/queries/content';
import { AsyncView } from '@/components/AsyncView';
import { ArticleSkeleton } from '@/components/Skeleton';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, useT } from '@/i18n';
import { oldPlatformMessages } from '@/i18n/locales/pages/oldPlatform';
import './oldPlatform.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/oldPlatform.ts).
addPageMessages(oldPlatformMessages);

/** The web can follow any link; mini-programs may only open their own pages and allow-listed hosts. */
const canOpenWebPages = process.env.TARO_ENV === 'h5';

export default function OldPlatform() {
  usePageTitle('oldPlatform');
  const t = useT();
  const foundation = useFoundation();

  const copyLink = async (url: string) => {
    await Taro.setClipboardData({ data: url });
    // WeChat shows its own "copied" toast; ours replaces it with where to paste the link.
    await Taro.showToast({ title: t('oldPlatform.copied'), icon: 'none', duration: ToastConfig.helperDurationMs });
  };

  const openLink = (url: string) => {
    // A new tab keeps this app where it was; if the browser blocks it (in-app browsers do), go there directly.
    const opened = window.open(url, '_blank', 'noopener');
    if (!opened) window.location.assign(url);
  };

  return (
    <View className="old-platform">
      <AsyncView source={foundation} skeleton={<ArticleSkeleton />}>
        {({ oldPlatformUrl }) => (
          <View className="old-platform__card">
            <View className="old-platform__picture" />
            <Text className="old-platform__heading">{t('oldPlatform.heading')}</Text>
            <Text className="old-platform__body">{t('oldPlatform.body')}</Text>

            <View className="old-platform__link">
              <Text className="old-platform__link-label">{t('oldPlatform.linkLabel')}</Text>
              <Text className="old-platform__link-url" userSelect>
                {oldPlatformUrl}
              </Text>
            </View>

            {canOpenWebPages ? (
              <Button className="old-platform__action" block type="primary" onClick={() => openLink(oldPlatformUrl)}>
                {t('oldPlatform.open')}
              </Button>
            ) : (
              <Text className="old-platform__hint">{t('oldPlatform.miniProgramHint')}</Text>
            )}
            <Button
              className="old-platform__action old-platform__copy"
              block
              type="primary"
              fill={canOpenWebPages ? 'outline' : 'solid'}
              onClick={() => void copyLink(oldPlatformUrl).catch(() => undefined)}
            >
              {t('oldPlatform.copy')}
            </Button>
            <Text className="old-platform__note">{t('oldPlatform.newCards')}</Text>
          </View>
        )}
      </AsyncView>
    </View>
  );
}
