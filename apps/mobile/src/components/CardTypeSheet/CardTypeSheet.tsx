import { applyRateBp, formatFen, formatRateBp } from '@maika/shared';
import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import type { CardTypeSummary, GoodsDetail } from '@/api/endpoints/catalogue';
import { useGoodsDetail } from '@/api/queries/catalogue';
import { AsyncView } from '@/components/AsyncView';
import { CardLogo } from '@/components/CardLogo';
import { ListSkeleton } from '@/components/Skeleton';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import './index.scss';

interface CardTypeSheetProps {
  /** The card type to show; null closes the sheet. */
  cardType: CardTypeSummary | null;
  onClose: () => void;
}

/**
 * A card type's face values, rates and what selling it needs, in a bottom sheet. The header comes
 * from the list row at once; the detail loads underneath it.
 */
export function CardTypeSheet({ cardType, onClose }: CardTypeSheetProps) {
  const t = useT();
  // The last card type stays drawn while the sheet slides away.
  const [shown, setShown] = useState<CardTypeSummary | null>(cardType);
  useEffect(() => {
    if (cardType) setShown(cardType);
  }, [cardType]);
  const detail = useGoodsDetail(shown?.id ?? null);

  return (
    <Popup
      visible={cardType !== null}
      position="bottom"
      round
      closeable
      closeAriaLabel={t('cardSheet.close')}
      onClose={onClose}
      className="card-sheet"
    >
      {shown ? (
        <View className="card-sheet__body">
          <View className="card-sheet__header">
            <CardLogo name={shown.name} logo={shown.logo} size="large" dimmed={shown.maintenance} />
            <View className="card-sheet__title">
              <Text className="card-sheet__name">{shown.name}</Text>
              <View>
                {detail.data ? <Text className="card-sheet__category">{detail.data.categoryName}</Text> : null}
                {shown.maintenance ? <Text className="card-badge card-badge--maintenance">{t('cardType.badge.maintenance')}</Text> : null}
                {shown.physical ? <Text className="card-badge card-badge--physical">{t('cardType.badge.physical')}</Text> : null}
              </View>
            </View>
          </View>
          <AsyncView source={detail} skeleton={<ListSkeleton rows={4} />}>
            {(goods) => <GoodsDetailBody goods={goods} onSell={onClose} />}
          </AsyncView>
        </View>
      ) : null}
    </Popup>
  );
}

/** Selling leads to the submit page, at the tapped face value when there is one; the sheet closes behind it. */
function GoodsDetailBody({ goods, onSell }: { goods: GoodsDetail; onSell: () => void }) {
  const t = useT();
  const sell = (faceValueFen?: number) => {
    if (goods.maintenance) return;
    onSell();
    void navigateTo('submitCard', faceValueFen === undefined ? { id: goods.id } : { id: goods.id, faceValueFen });
  };
  return (
    <View>
      {goods.maintenance ? (
        <View className="card-sheet__maintenance">
          <Text className="card-sheet__maintenance-title">{t('cardSheet.maintenance.title')}</Text>
          <Text className="card-sheet__maintenance-note">{goods.maintenanceNote ?? t('cardSheet.maintenance.fallback')}</Text>
        </View>
      ) : null}

      <Text className="card-sheet__section">{t('cardSheet.faceValues')}</Text>
      <View className={goods.maintenance ? 'card-sheet__table card-sheet__table--paused' : 'card-sheet__table'}>
        <View className="card-sheet__row card-sheet__row--head">
          <Text className="card-sheet__cell">{t('cardSheet.faceValue')}</Text>
          <Text className="card-sheet__cell">{t('cardSheet.rate')}</Text>
          <Text className="card-sheet__cell card-sheet__cell--end">{t('cardSheet.payout')}</Text>
        </View>
        {goods.faceValues.map(({ faceValueFen, rateBp }) => (
          <View key={faceValueFen} className="card-sheet__row" hoverClass="card-sheet__row--pressed" onClick={() => sell(faceValueFen)}>
            <Text className="card-sheet__cell card-sheet__face">{formatFen(faceValueFen)}</Text>
            <Text className="card-sheet__cell card-sheet__rate">{formatRateBp(rateBp)}</Text>
            <Text className="card-sheet__cell card-sheet__cell--end card-sheet__payout">
              {formatFen(applyRateBp(faceValueFen, rateBp))}
            </Text>
          </View>
        ))}
      </View>

      <View className="card-sheet__notes">
        <Text className="card-sheet__note">{t(goods.needsCardNo ? 'cardSheet.needs.numberAndPin' : 'cardSheet.needs.pinOnly')}</Text>
        {goods.physical ? <Text className="card-sheet__note">{t('cardSheet.physical')}</Text> : null}
        {goods.dailyCapPerUser !== null ? (
          <Text className="card-sheet__note">{t('cardSheet.dailyCap', { count: goods.dailyCapPerUser })}</Text>
        ) : null}
        <Text className="card-sheet__note">{t('cardSheet.settlementNote')}</Text>
        {goods.maintenance ? null : <Text className="card-sheet__note">{t('cardSheet.sellHint')}</Text>}
      </View>

      <Button
        className="card-sheet__sell"
        type="primary"
        shape="round"
        size="large"
        block
        disabled={goods.maintenance}
        onClick={() => sell()}
      >
        {goods.maintenance ? t('submitCard.maintenance.button') : t('cardSheet.sell')}
      </Button>
    </View>
  );
}
