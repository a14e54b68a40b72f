import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Image, Text, View } from '@tarojs/components';
import Taro, { useRouter } from '@tarojs/taro';
import { useEffect, useState } from 'react';
import { useFaceCertifyResult } from '@/api/queries/identity';
import { StateView } from '@/components/StateView';
import { toast } from '@/feedback';
import { usePageShown } from '@/hooks/usePageShown';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import { navigateBack, openExternalUrl, redirectTo } from '@/navigation';
import { useAuthStore } from '@/stores/auth';
import { CertifyOutcome } from './CertifyOutcome';
import { qrCodeDataUrl } from './qrCode';
import './realNameCode.scss';

/** The QR code image of `text`; '' until it is drawn (or when there is nothing to draw). */
function useQrCode(text: string): string {
  const [image, setImage] = useState('');
  useEffect(() => {
    let current = true;
    setImage('');
    if (text)
      void qrCodeDataUrl(text).then(
        (url) => current && setImage(url),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [text]);
  return image;
}

/** The web can open the verification page itself; a mini-program can only hand the link over. */
function OpenLink({ certifyUrl }: { certifyUrl: string }) {
  const t = useT();
  if (process.env.TARO_ENV === 'h5') {
    return (
      <Text className="real-name-code__link" onClick={() => void openExternalUrl(certifyUrl)}>
        {t('realNameCode.openLink')}
      </Text>
    );
  }
  const copy = async () => {
    await Taro.setClipboardData({ data: certifyUrl });
    toast(t('realNameCode.copied'));
  };
  return (
    <Text className="real-name-code__link" onClick={() => void copy().catch(() => undefined)}>
      {t('realNameCode.copyLink')}
    </Text>
  );
}

function Waiting({ certifyUrl }: { certifyUrl: string }) {
  const t = useT();
  const qrCode = useQrCode(certifyUrl);
  return (
    <View className="real-name-code__card">
      <Text className="real-name-code__heading">{t('realNameCode.heading')}</Text>
      <View className="real-name-code__qr">
        {qrCode ? (
          <Image className="real-name-code__qr-image" src={qrCode} mode="aspectFit" aria-label={t('realNameCode.qrLabel')} />
        ) : null}
      </View>
      <View className="real-name-code__status" aria-live="polite">
        <View className="real-name-code__spinner" />
        <Text>{t('realNameCode.waiting')}</Text>
      </View>
      <View className="real-name-code__steps">
        <Text className="real-name-code__step">{t('realNameCode.step1')}</Text>
        <Text className="real-name-code__step">{t('realNameCode.step2')}</Text>
        <Text className="real-name-code__step">{t('realNameCode.step3')}</Text>
      </View>
      {certifyUrl ? <OpenLink certifyUrl={certifyUrl} /> : null}
    </View>
  );
}

/**
 * The face scan of a verification started on realNameAuth (query `certifyId`): its URL as a QR code
 * for the Alipay app, the result polled while the page is on screen, then the outcome.
 */
export default function RealNameCode() {
  const t = useT();
  const certifyId = useRouter().params.certifyId ?? '';
  const shown = usePageShown();
  const startedUrl = useAuthStore((state) => state.certifyUrl);
  const result = useFaceCertifyResult(certifyId || null, shown);
  const settled = Boolean(certifyId && result.data && result.data.status !== 'pending');
  // Once the scan is over the page shows its result, not the way to it.
  usePageTitle('realNameCode', settled ? t('realName.result.title') : undefined);
  const restart = () => void redirectTo('realNameAuth');

  let content;
  if (!certifyId) {
    content = (
      <StateView
        kind="empty"
        title={t('realNameCode.none.title')}
        body={t('realNameCode.none.body')}
        action={
          <Button type="primary" shape="round" onClick={restart}>
            {t('realNameCode.none.action')}
          </Button>
        }
      />
    );
  } else if (result.data && result.data.status !== 'pending') {
    content = (
      <CertifyOutcome
        result={result.data}
        onAddPayee={() => void redirectTo('withdrawInfo')}
        onLater={() => void navigateBack('person')}
        onRetry={restart}
      />
    );
  } else if (result.error && !result.data) {
    content = (
      <StateView kind="error" title={t('state.error.title')} body={t('state.error.tapToReload')} onTap={() => void result.refetch()} />
    );
  } else {
    content = <Waiting certifyUrl={result.data?.certifyUrl ?? startedUrl} />;
  }
  return <View className="real-name-code">{content}</View>;
}
