import { BannerPosition } from '@maika/shared';
import { Image, Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { Banner, Broadcast, NoticeSummary } from '@/api/endpoints/content';
import type { CardTypeSummary, GoodsClass } from '@/api/endpoints/catalogue';
import { assetUrl } from '@/api/http';
import { useBanners, useBroadcasts, useLatestNotices } from '@/api/queries/content';
import { useGoodsClasses } from '@/api/queries/catalogue';
import { AsyncView } from '@/components/AsyncView';
import { Carousel } from '@/components/Carousel';
import { CardTypeRow } from '@/components/CardTypeRow';
import { CardTypeSheet } from '@/components/CardTypeSheet';
import { MessageBell } from '@/components/MessageBell';
import { NavHeader } from '@/components/NavHeader';
import { SearchEntry } from '@/components/SearchEntry';
import { ListSkeleton, SkeletonBlock } from '@/components/Skeleton';
import { TabPage } from '@/components/TabPage';
import { useT, type MessageKey } from '@/i18n';
import { openContentLink } from '@/contentLinks';
import { navigateTo, switchTab } from '@/navigation';
import { useGoodsClassSelection } from '@/stores/goodsClassSelection';
import './home.scss';

/** How many card types the popular list shows. */
const POPULAR_COUNT = 5;

/** How selling works, in the order it happens. */
const sellingSteps: readonly MessageKey[] = ['home.steps.submit.title', 'home.steps.verify.title', 'home.steps.cash.title'];

export default function Home() {
  const t = useT();
  const categories = useGoodsClasses();
  const [sheetCardType, setSheetCardType] = useState<CardTypeSummary | null>(null);

  return (
    <TabPage route="home" className="home">
      <NavHeader title={t('app.name')} leading={<MessageBell />}>
        <View className="home__search">
          <SearchEntry tone="brand" />
        </View>
      </NavHeader>

      <View className="home__lifted">
        <BannerCarousel />
      </View>
      <NewsCard />

      <AsyncView source={categories} skeleton={<CatalogueSkeleton />} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <>
            <CategoryGrid categories={list} />
            <PopularCardTypes categories={list} onOpen={setSheetCardType} />
          </>
        )}
      </AsyncView>

      <View className="home__card home__steps">
        <Text className="home__card-title">{t('home.steps.title')}</Text>
        <View className="home__steps-row">
          {sellingSteps.map((key, index) => (
            <View key={key} className="home__step">
              <Text className="home__step-number">{index + 1}</Text>
              <Text className="home__step-title">{t(key)}</Text>
            </View>
          ))}
        </View>
      </View>

      <CardTypeSheet cardType={sheetCardType} onClose={() => setSheetCardType(null)} />
    </TabPage>
  );
}

/** Home banners (position 1); one with a link to a page of this app opens it when tapped. */
function BannerCarousel() {
  const banners = useBanners(BannerPosition.Home);
  return (
    <AsyncView source={banners} skeleton={<SkeletonBlock className="home__banner-skeleton" />} compact>
      {(list) =>
        list.length === 0 ? null : (
          <Carousel className="home__banner" dots>
            {list.map((banner: Banner) => (
              <Image
                key={banner.id}
                className="home__banner-image"
                src={assetUrl(banner.image)}
                mode="aspectFill"
                onClick={() => {
                  if (banner.link) void openContentLink(banner.link);
                }}
              />
            ))}
          </Carousel>
        )
      }
    </AsyncView>
  );
}

/** The newest announcement and the ticker of recent sales, in one card. */
function NewsCard() {
  const t = useT();
  const notices = useLatestNotices();
  const broadcasts = useBroadcasts();
  const newest = notices.data?.list.reduce<NoticeSummary | undefined>(
    (latest, notice) => (!latest || notice.publishedAt > latest.publishedAt ? notice : latest),
    undefined,
  );
  const lines: readonly Broadcast[] = broadcasts.data ?? [];
  // The card keeps its room while it loads, so the cards below do not jump down when it arrives.
  if (notices.isPending || broadcasts.isPending) return <NewsSkeleton />;
  if (!newest && lines.length === 0) return null;

  return (
    <View className="home__card home__news">
      {newest ? (
        <View className="home__notice">
          <Text className="home__notice-tag">{t('home.notice.label')}</Text>
          <Text className="home__notice-title" onClick={() => void navigateTo('platformAnnouncement', { id: newest.id })}>
            {newest.title}
          </Text>
          <Text className="home__more" onClick={() => void navigateTo('platformAnnouncement')}>
            {t('home.notice.more')}
          </Text>
        </View>
      ) : null}
      {lines.length > 0 ? (
        <View className="home__ticker">
          <View className="home__ticker-icon" />
          <Carousel className="home__ticker-lines" vertical swipeable={false}>
            {lines.map((line) => (
              <Text key={line.id} className="home__ticker-line">
                {line.text}
              </Text>
            ))}
          </Carousel>
        </View>
      ) : null}
    </View>
  );
}

/** The news card's two rows on their way. */
function NewsSkeleton() {
  return (
    <View className="home__card home__news">
      <View className="home__notice">
        <SkeletonBlock className="home__news-skeleton" />
      </View>
      <View className="home__ticker">
        <SkeletonBlock className="home__news-skeleton" />
      </View>
    </View>
  );
}

/** One entry per category; it opens the Category tab on that category. */
function CategoryGrid({ categories }: { categories: readonly GoodsClass[] }) {
  const selectCategory = useGoodsClassSelection((state) => state.selectCategory);
  return (
    <View className="home__card home__categories">
      {categories.map((category) => (
        <View
          key={category.id}
          className="home__category"
          hoverClass="home__category--pressed"
          onClick={() => {
            selectCategory(category.id);
            void switchTab('goodsClass');
          }}
        >
          {category.icon ? (
            <Image className="home__category-icon" src={assetUrl(category.icon)} mode="aspectFit" />
          ) : (
            <View className="home__category-icon home__category-icon--blank" />
          )}
          <Text className="home__category-name">{category.name}</Text>
        </View>
      ))}
    </View>
  );
}

interface PopularCardTypesProps {
  categories: readonly GoodsClass[];
  onOpen: (cardType: CardTypeSummary) => void;
}

/** The card types paying the most right now, open for selling. */
function PopularCardTypes({ categories, onOpen }: PopularCardTypesProps) {
  const t = useT();
  const popular = categories
    .flatMap((category) => category.cardTypes.map((cardType) => ({ cardType, categoryName: category.name })))
    .filter(({ cardType }) => !cardType.maintenance)
    .sort((a, b) => b.cardType.bestRateBp - a.cardType.bestRateBp)
    .slice(0, POPULAR_COUNT);
  if (popular.length === 0) return null;

  return (
    <View className="home__card home__popular">
      <View className="home__card-head">
        <Text className="home__card-title">{t('home.popular.title')}</Text>
        <Text className="home__more" onClick={() => void switchTab('goodsClass')}>
          {t('home.popular.more')}
        </Text>
      </View>
      {popular.map(({ cardType, categoryName }) => (
        <CardTypeRow key={cardType.id} cardType={cardType} categoryName={categoryName} onTap={onOpen} />
      ))}
    </View>
  );
}

function CatalogueSkeleton() {
  return (
    <>
      <View className="home__card home__categories">
        {Array.from({ length: 6 }, (_, index) => (
          <View key={index} className="home__category">
            <SkeletonBlock className="home__category-icon" />
            <SkeletonBlock className="home__category-name-skeleton" />
          </View>
        ))}
      </View>
      <ListSkeleton rows={POPULAR_COUNT} withLogo />
    </>
  );
}
