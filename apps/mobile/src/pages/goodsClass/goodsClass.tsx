import { Image, Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { CardTypeSummary, GoodsClass as Category } from '@/api/endpoints/catalogue';
import { assetUrl } from '@/api/http';
import { useGoodsClasses } from '@/api/queries/catalogue';
import { AsyncView } from '@/components/AsyncView';
import { CardTypeRow } from '@/components/CardTypeRow';
import { CardTypeSheet } from '@/components/CardTypeSheet';
import { SearchEntry } from '@/components/SearchEntry';
import { SkeletonBlock, ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { TabPage } from '@/components/TabPage';
import { useT } from '@/i18n';
import { useGoodsClassSelection } from '@/stores/goodsClassSelection';
import './goodsClass.scss';

export default function GoodsClass() {
  const t = useT();
  const categories = useGoodsClasses();
  const [sheetCardType, setSheetCardType] = useState<CardTypeSummary | null>(null);

  return (
    <TabPage route="goodsClass" className="goods-class">
      <View className="goods-class__search">
        <SearchEntry tone="page" />
      </View>
      <AsyncView
        source={categories}
        skeleton={<CatalogueSkeleton />}
        isEmpty={(list) => list.length === 0}
        empty={{ title: t('goodsClass.empty') }}
      >
        {(list) => <Catalogue categories={list} onOpen={setSheetCardType} />}
      </AsyncView>
      <CardTypeSheet cardType={sheetCardType} onClose={() => setSheetCardType(null)} />
    </TabPage>
  );
}

interface CatalogueProps {
  categories: readonly Category[];
  onOpen: (cardType: CardTypeSummary) => void;
}

/** Categories down the left, the chosen one's card types on the right. */
function Catalogue({ categories, onOpen }: CatalogueProps) {
  const t = useT();
  const { categoryId, selectCategory } = useGoodsClassSelection();
  // A category chosen on home that has since gone falls back to the first.
  const selected = categories.find((category) => category.id === categoryId) ?? categories[0]!;

  return (
    <View className="goods-class__catalogue">
      <View className="goods-class__sidebar">
        {categories.map((category) => (
          <View
            key={category.id}
            className={category.id === selected.id ? 'goods-class__category goods-class__category--selected' : 'goods-class__category'}
            onClick={() => selectCategory(category.id)}
          >
            <Text className="goods-class__category-name">{category.name}</Text>
          </View>
        ))}
      </View>
      <View className="goods-class__panel">
        <View className="goods-class__panel-head">
          {selected.icon ? <Image className="goods-class__panel-icon" src={assetUrl(selected.icon)} mode="aspectFit" /> : null}
          <Text className="goods-class__panel-title">{selected.name}</Text>
          <Text className="goods-class__panel-count">{t('goodsClass.count', { count: selected.cardTypes.length })}</Text>
        </View>
        {selected.cardTypes.length === 0 ? (
          <StateView kind="empty" title={t('goodsClass.empty')} compact />
        ) : (
          selected.cardTypes.map((cardType) => <CardTypeRow key={cardType.id} cardType={cardType} onTap={onOpen} />)
        )}
      </View>
    </View>
  );
}

function CatalogueSkeleton() {
  return (
    <View className="goods-class__catalogue">
      <View className="goods-class__sidebar">
        {Array.from({ length: 6 }, (_, index) => (
          <View key={index} className="goods-class__category">
            <SkeletonBlock className="goods-class__category-skeleton" />
          </View>
        ))}
      </View>
      <View className="goods-class__panel goods-class__panel--skeleton">
        <ListSkeleton rows={4} withLogo />
      </View>
    </View>
  );
}
