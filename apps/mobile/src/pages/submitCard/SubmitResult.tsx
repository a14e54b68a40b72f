import { applyRateBp, formatFen } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { useT } from '@/i18n';
import { navigateTo, switchTab } from '@/navigation';
import { LogisticsForm } from '@/pages/logisticsInfo/LogisticsForm';
import { MailingAddress } from '@/pages/logisticsInfo/MailingAddress';
import type { Submitted } from './SubmitForm';

interface SubmitResultProps {
  submitted: Submitted;
  onSubmitMore(): void;
}

/** The order the submission made, where to follow it, and for physical cards where to say how they were mailed. */
export function SubmitResult({ submitted, onSubmitMore }: SubmitResultProps) {
  const t = useT();
  const [tracking, setTracking] = useState<'asking' | 'saved' | 'later'>('asking');
  const expectedFen = applyRateBp(submitted.faceValueFen, submitted.rateBp) * submitted.cardCount;
  return (
    <View className="submit-result">
      <View className="submit-result__card">
        <View className="submit-result__tick" />
        <Text className="submit-result__title">{t('submitCard.result.title')}</Text>
        <Text className="submit-result__body">
          {t(submitted.physical ? 'submitCard.result.bodyPhysical' : 'submitCard.result.body', { count: submitted.cardCount })}
        </Text>
        <View className="submit-result__lines">
          <Line label={t('order.orderNo')} value={submitted.orderNo} valueClass="submit-result__order-no" />
          <Line label={t('order.faceValue')} value={formatFen(submitted.faceValueFen)} />
          <Line label={t('order.cardCount')} value={String(submitted.cardCount)} />
          <Line label={t('order.expected')} value={formatFen(expectedFen)} />
        </View>
      </View>

      {submitted.physical && tracking === 'asking' ? (
        <View className="submit-result__card submit-result__mail">
          <Text className="submit-result__mail-title">{t('submitCard.result.mail.title')}</Text>
          <Text className="submit-result__mail-body">{t('submitCard.result.mail.body')}</Text>
          <MailingAddress />
          <LogisticsForm orderId={submitted.orderId} onSaved={() => setTracking('saved')} />
          <Text className="submit-result__later" onClick={() => setTracking('later')}>
            {t('submitCard.result.mail.later')}
          </Text>
        </View>
      ) : null}
      {submitted.physical && tracking !== 'asking' ? (
        <Text className="submit-result__mail-note" onClick={() => void navigateTo('logisticsInfo', { orderId: submitted.orderId })}>
          {t(tracking === 'saved' ? 'submitCard.result.mail.saved' : 'submitCard.result.mail.laterNote')}
        </Text>
      ) : null}

      <View className="submit-result__actions">
        <Button className="submit-result__orders" type="primary" shape="round" block onClick={() => void switchTab('order')}>
          {t('submitCard.result.orders')}
        </Button>
        <Button className="submit-result__more" shape="round" block onClick={onSubmitMore}>
          {t('submitCard.result.more')}
        </Button>
      </View>
    </View>
  );
}

function Line({ label, value, valueClass }: { label: string; value: string; valueClass?: string }) {
  return (
    <View className="submit-result__line">
      <Text className="submit-result__line-label">{label}</Text>
      <Text className={valueClass ? `submit-result__line-value ${valueClass}` : 'submit-result__line-value'}>{value}</Text>
    </View>
  );
}
