import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { ToastConfig } from '@maika/shared';
import type { MerchantKeyCreated } from '@/api/endpoints/merchants';
import { useT } from '@/i18n';

/**
 * A new key's secret, the only time it is ever shown: we keep it encrypted to sign callbacks and
 * never send it again, so the dialog says so and offers the copy before it can be closed.
 */
export function SecretDialog({ created, onClose }: { created: MerchantKeyCreated | null; onClose(): void }) {
  const t = useT();

  const copy = async (text: string) => {
    await Taro.setClipboardData({ data: text });
    // WeChat shows its own "copied" toast; ours replaces it with the reminder that matters.
    await Taro.showToast({ title: t('merchant.secret.copied'), icon: 'none', duration: ToastConfig.helperDurationMs });
  };

  return (
    <Popup visible={created !== null} position="center" round closeOnOverlayClick={false} onClose={onClose} className="merchant-secret">
      {created ? (
        <View className="merchant-secret__body" role="dialog" aria-label={t('merchant.secret.title')}>
          <Text className="merchant-secret__title">{t('merchant.secret.title')}</Text>
          <Text className="merchant-secret__warning">{t('merchant.secret.warning')}</Text>
          <Text className="merchant-secret__label">{t('merchant.secret.keyId')}</Text>
          <Text className="merchant-secret__value merchant-secret__key-id" userSelect>
            {created.keyId}
          </Text>
          <Text className="merchant-secret__label">{t('merchant.secret.secret')}</Text>
          <Text className="merchant-secret__value merchant-secret__secret" userSelect>
            {created.secret}
          </Text>
          <View className="merchant-secret__actions">
            <Button
              className="merchant-secret__copy"
              type="primary"
              shape="round"
              block
              onClick={() => void copy(created.secret).catch(() => undefined)}
            >
              {t('merchant.secret.copy')}
            </Button>
            <Button className="merchant-secret__done" shape="round" block onClick={onClose}>
              {t('merchant.secret.done')}
            </Button>
          </View>
        </View>
      ) : null}
    </Popup>
  );
}
