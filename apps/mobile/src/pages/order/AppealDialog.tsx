import { APPEAL_REASON_MAX, APPEAL_REASON_MIN } from '@maika/shared';
import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import type { OrderCard } from '@/api/endpoints/cards';
import { useAppealCard } from '@/api/queries/cards';
import { Textarea } from '@/components/Textarea';
import { toast } from '@/feedback';
import { useT } from '@/i18n';
import { appealLength, appealReasonFits } from './appealReason';
import './AppealDialog.scss';

export interface AppealDialogProps {
  /** The card to appeal; null closes the dialog. */
  card: OrderCard | null;
  onClose(): void;
}

/** Asks for a review of a rejected card, with the reason (5 to 200 characters) for the reviewer. */
export function AppealDialog({ card, onClose }: AppealDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const appeal = useAppealCard();
  // A new card starts with an empty reason.
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [card?.id]);

  const length = appealLength(reason);
  const fits = appealReasonFits(reason);

  const submit = () => {
    setTried(true);
    if (!card || !fits || appeal.isPending) return;
    appeal.mutate(
      { cardId: card.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast(t('order.appeal.done'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <Popup visible={card !== null} position="center" round onClose={onClose} className="appeal">
      <View className="appeal__body">
        <Text className="appeal__title">{t('order.appeal.title')}</Text>
        {card ? <Text className="appeal__card">{t('order.appeal.card', { cardNo: card.cardNoMasked })}</Text> : null}
        {card?.rejectReason ? <Text className="appeal__reject">{t('order.card.rejectReason', { reason: card.rejectReason })}</Text> : null}
        <View className="appeal__box">
          <Textarea
            className="appeal__input"
            value={reason}
            maxlength={APPEAL_REASON_MAX}
            placeholder={t('order.appeal.placeholder')}
            placeholderClass="appeal__placeholder"
            aria-label={t('order.appeal.title')}
            onInput={(event) => setReason(event.detail.value)}
          />
        </View>
        <View className="appeal__meta">
          <Text className="appeal__problem">
            {tried && !fits ? t('order.appeal.length', { min: APPEAL_REASON_MIN, max: APPEAL_REASON_MAX }) : ''}
          </Text>
          <Text className={length > APPEAL_REASON_MAX ? 'appeal__counter appeal__counter--over' : 'appeal__counter'}>
            {`${length}/${APPEAL_REASON_MAX}`}
          </Text>
        </View>
        <View className="appeal__actions">
          <Button className="appeal__cancel" shape="round" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button className="appeal__submit" type="primary" shape="round" loading={appeal.isPending} onClick={submit}>
            {t('order.appeal.submit')}
          </Button>
        </View>
      </View>
    </Popup>
  );
}
