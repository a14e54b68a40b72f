import { carriers, type CarrierCode } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Picker, Text, View } from '@tarojs/components';
import { useState } from 'react';
import { useSaveLogistics } from '@/api/queries/cards';
import { toast } from '@/feedback';
import { useLocale, useT, type MessageKey } from '@/i18n';
import { isTrackingNo, trackingNoInput } from './trackingNo';
import './LogisticsForm.scss';

interface LogisticsFormProps {
  orderId: number;
  /** What was recorded before, when the seller corrects it. */
  initial?: { carrier: CarrierCode; trackingNo: string };
  onSaved(): void;
}

/** The carrier and tracking number of mailed physical cards. */
export function LogisticsForm({ orderId, initial, onSaved }: LogisticsFormProps) {
  const t = useT();
  const locale = useLocale();
  const [carrier, setCarrier] = useState<CarrierCode | null>(initial?.carrier ?? null);
  const [trackingNo, setTrackingNo] = useState(initial?.trackingNo ?? '');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const save = useSaveLogistics();
  const carrierIndex = carriers.findIndex((candidate) => candidate.code === carrier);

  const submit = () => {
    if (save.isPending) return;
    const issue: MessageKey | null =
      carrier === null ? 'logistics.error.carrier' : isTrackingNo(trackingNo) ? null : 'logistics.error.trackingNo';
    setProblem(issue);
    if (issue || carrier === null) return;
    save.mutate(
      { orderId, carrier, trackingNo },
      {
        onSuccess: () => {
          toast(t('logistics.saved'), 'success');
          onSaved();
        },
      },
    );
  };

  return (
    <View className="logistics-form">
      <View className="logistics-form__field">
        <Text className="logistics-form__label">{t('logistics.carrier.label')}</Text>
        <Picker
          className="logistics-form__picker"
          mode="selector"
          range={carriers.map((candidate) => candidate.name[locale])}
          value={Math.max(carrierIndex, 0)}
          onChange={(event) => {
            setCarrier(carriers[Number(event.detail.value)]?.code ?? null);
            setProblem(null);
          }}
        >
          <Text className={carrierIndex >= 0 ? 'logistics-form__choice' : 'logistics-form__choice logistics-form__choice--empty'}>
            {carrierIndex >= 0 ? carriers[carrierIndex]!.name[locale] : t('logistics.carrier.placeholder')}
          </Text>
        </Picker>
      </View>
      <View className="logistics-form__field">
        <Text className="logistics-form__label">{t('logistics.trackingNo.label')}</Text>
        <Input
          className="logistics-form__input"
          value={trackingNo}
          maxlength={-1}
          placeholder={t('logistics.trackingNo.placeholder')}
          placeholderClass="logistics-form__placeholder"
          aria-label={t('logistics.trackingNo.label')}
          onInput={(event) => {
            setTrackingNo(trackingNoInput(event.detail.value));
            setProblem(null);
          }}
        />
      </View>
      <View className="logistics-form__problem" aria-live="polite">
        {problem ? <Text>{t(problem)}</Text> : null}
      </View>
      <Button className="logistics-form__save" type="primary" shape="round" block loading={save.isPending} onClick={submit}>
        {t('logistics.save')}
      </Button>
    </View>
  );
}
