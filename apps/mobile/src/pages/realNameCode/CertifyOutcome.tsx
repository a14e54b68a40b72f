import type { RealInfo } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import type { FaceCertifyData } from '@/api/endpoints/identity';
import { useT } from '@/i18n';
import './CertifyOutcome.scss';

/** The verified name and ID number, masked as the server sends them, under a check mark. */
export function VerifiedIdentity({ realInfo, title }: { realInfo: RealInfo; title: string }) {
  const t = useT();
  return (
    <View className="certify-outcome">
      <View className="certify-outcome__badge certify-outcome__badge--passed" />
      <Text className="certify-outcome__title">{title}</Text>
      <View className="certify-outcome__facts">
        <View className="certify-outcome__fact">
          <Text className="certify-outcome__label">{t('realName.name')}</Text>
          <Text className="certify-outcome__value">{realInfo.name ?? ''}</Text>
        </View>
        <View className="certify-outcome__fact">
          <Text className="certify-outcome__label">{t('realName.idNum')}</Text>
          <Text className="certify-outcome__value">{realInfo.idNum ?? ''}</Text>
        </View>
      </View>
    </View>
  );
}

interface CertifyOutcomeProps {
  /** A settled verification: passed, failed or expired. */
  result: FaceCertifyData;
  /** Passed: the step it unlocks, a payee account in the verified name. */
  onAddPayee(): void;
  onLater(): void;
  onRetry(): void;
}

/** What a finished face verification came to, and the next thing to do. */
export function CertifyOutcome({ result, onAddPayee, onLater, onRetry }: CertifyOutcomeProps) {
  const t = useT();
  if (result.status === 'passed') {
    return (
      <View className="certify-outcome__card">
        <VerifiedIdentity realInfo={result.realInfo} title={t('realName.passed.title')} />
        <Text className="certify-outcome__note">{t('realName.passed.body')}</Text>
        <Button className="certify-outcome__action certify-outcome__next" type="primary" block onClick={onAddPayee}>
          {t('realName.passed.next')}
        </Button>
        <Text className="certify-outcome__later" onClick={onLater}>
          {t('realName.passed.later')}
        </Text>
      </View>
    );
  }
  const expired = result.status === 'expired';
  return (
    <View className="certify-outcome__card">
      <View className="certify-outcome">
        <View className={`certify-outcome__badge certify-outcome__badge--${expired ? 'expired' : 'failed'}`} />
        <Text className="certify-outcome__title">{t(expired ? 'realName.expired.title' : 'realName.failed.title')}</Text>
        <Text className="certify-outcome__reason">{t(expired ? 'realName.expired.body' : 'realName.failed.body')}</Text>
        {!expired && result.failReason ? (
          <Text className="certify-outcome__detail">{t('realName.failed.reason', { reason: result.failReason })}</Text>
        ) : null}
      </View>
      <Button className="certify-outcome__action" type="primary" block onClick={onRetry}>
        {t('realName.retry')}
      </Button>
    </View>
  );
}
