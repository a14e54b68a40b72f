import { MERCHANT_API_BASE, MERCHANT_CLOCK_SKEW_SECONDS, MERCHANT_HEADERS, ToastConfig } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { apiHost } from '@/api/http';
import { useT } from '@/i18n';

/** The web opens the documentation; mini-programs may not open outside pages, so they copy its address. */
const canOpenWebPages = process.env.TARO_ENV === 'h5';

/** The API documentation the server serves, with its merchant section. */
function docsUrl(): string {
  const origin = apiHost || (canOpenWebPages ? window.location.origin : '');
  return `${origin}/docs`;
}

/** How a request is signed, in short, and where the full documentation is. */
export function SigningHelp() {
  const t = useT();
  const url = docsUrl();

  const openDocs = async () => {
    if (canOpenWebPages) {
      // A new tab keeps this page; if the browser blocks it (in-app browsers do), go there directly.
      const opened = window.open(url, '_blank', 'noopener');
      if (!opened) window.location.assign(url);
      return;
    }
    await Taro.setClipboardData({ data: url });
    await Taro.showToast({ title: t('merchant.help.copied'), icon: 'none', duration: ToastConfig.helperDurationMs });
  };

  return (
    <View className="merchant__card merchant__help">
      <Text className="merchant__section-title">{t('merchant.help.title')}</Text>
      <Text className="merchant__help-line">{t('merchant.help.base', { base: MERCHANT_API_BASE })}</Text>
      <Text className="merchant__help-line">{t('merchant.help.headers')}</Text>
      <Text className="merchant__code" userSelect>
        {[
          `${MERCHANT_HEADERS.key}: mk_…`,
          `${MERCHANT_HEADERS.timestamp}: 1767225600`,
          `${MERCHANT_HEADERS.nonce}: 16-64 [A-Za-z0-9_-]`,
          `${MERCHANT_HEADERS.signature}: hex(HMAC-SHA256)`,
        ].join('\n')}
      </Text>
      <Text className="merchant__help-line">{t('merchant.help.stringToSign')}</Text>
      <Text className="merchant__code" userSelect>
        {'METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nhex(SHA-256(body))'}
      </Text>
      <Text className="merchant__help-line">{t('merchant.help.rules', { seconds: MERCHANT_CLOCK_SKEW_SECONDS })}</Text>
      <Text className="merchant__help-line">{t('merchant.help.callbacks')}</Text>
      <Text className="merchant__docs" onClick={() => void openDocs().catch(() => undefined)}>
        {canOpenWebPages ? t('merchant.help.openDocs') : t('merchant.help.copyDocs')}
      </Text>
    </View>
  );
}
