import { Text, View } from '@tarojs/components';
import { TabPage } from '@/components/TabPage';
import { useT, type MessageKey } from '@/i18n';
import './goodsClass.scss';

/** What a seller needs at hand before submitting a card. */
const sellerChecklist: readonly MessageKey[] = [
  'goodsClass.checklist.cardInfo',
  'goodsClass.checklist.unused',
  'goodsClass.checklist.realName',
];

/** How a sold card turns into money. */
const settlementRules: readonly MessageKey[] = [
  'goodsClass.settlement.rate',
  'goodsClass.settlement.faceValue',
  'goodsClass.settlement.credit',
];

export default function GoodsClass() {
  const t = useT();
  return (
    <TabPage route="goodsClass" className="goods-class">
      <View className="goods-class__intro">
        <Text className="goods-class__heading">{t('goodsClass.heading')}</Text>
        <Text className="goods-class__subheading">{t('goodsClass.subheading')}</Text>
        {sellerChecklist.map((key) => (
          <View key={key} className="goods-class__check">
            <View className="goods-class__check-mark" />
            <Text className="goods-class__check-text">{t(key)}</Text>
          </View>
        ))}
      </View>

      <View className="goods-class__settlement">
        <Text className="goods-class__section-title">{t('goodsClass.settlement.title')}</Text>
        {settlementRules.map((key) => (
          <View key={key} className="goods-class__rule">
            <View className="goods-class__rule-dot" />
            <Text className="goods-class__rule-text">{t(key)}</Text>
          </View>
        ))}
      </View>
    </TabPage>
  );
}
