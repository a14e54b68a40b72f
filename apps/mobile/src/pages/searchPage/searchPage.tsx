import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { CardTypeSummary, GoodsClass } from '@/api/endpoints/catalogue';
import { useCardTypeSearch, useGoodsClasses } from '@/api/queries/catalogue';
import { AsyncView } from '@/components/AsyncView';
import { CardTypeRow } from '@/components/CardTypeRow';
import { CardTypeSheet } from '@/components/CardTypeSheet';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, useT } from '@/i18n';
import { searchMessages } from '@/i18n/locales/pages/search';
import { switchTab } from '@/navigation';
import { useRecentSearches } from '@/stores/recentSearches';
import './searchPage.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/search.ts).
addPageMessages(searchMessages);

/** The server takes keywords of up to 20 characters. */
const KEYWORD_MAX_LENGTH = 20;
/** Typing pause before the search runs by itself. */
const TYPING_PAUSE_MS = 300;
/** Card types suggested before anything is typed. */
const SUGGESTION_COUNT = 8;

export default function SearchPage() {
  usePageTitle('searchPage');
  const t = useT();
  const [typed, setTyped] = useState('');
  // Confirming (keyboard "search", a chip) searches at once; typing waits for a pause.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const settled = useDebouncedValue(typed, TYPING_PAUSE_MS).trim();
  const keyword = confirmed ?? settled;
  const [sheetCardType, setSheetCardType] = useState<CardTypeSummary | null>(null);
  const remember = useRecentSearches((state) => state.remember);

  const searchFor = (text: string) => {
    const trimmed = text.trim().slice(0, KEYWORD_MAX_LENGTH);
    setTyped(trimmed);
    setConfirmed(trimmed);
    remember(trimmed);
  };

  const openResult = (cardType: CardTypeSummary) => {
    remember(keyword);
    setSheetCardType(cardType);
  };

  return (
    <View className="search">
      <View className="search__bar">
        <View className="search__box">
          <View className="search__glyph" />
          <Input
            className="search__input"
            value={typed}
            focus
            confirmType="search"
            maxlength={KEYWORD_MAX_LENGTH}
            placeholder={t('search.placeholder')}
            placeholderClass="search__placeholder"
            onInput={(event) => {
              setTyped(event.detail.value);
              setConfirmed(null);
            }}
            onConfirm={(event) => searchFor(event.detail.value)}
          />
          {typed ? (
            <View
              className="search__clear"
              onClick={() => {
                setTyped('');
                setConfirmed(null);
              }}
            />
          ) : null}
        </View>
        <Text className="search__submit" onClick={() => searchFor(typed)}>
          {t('search.submit')}
        </Text>
      </View>

      {keyword === '' ? <Suggestions onPick={searchFor} /> : <Results keyword={keyword} onOpen={openResult} />}

      <CardTypeSheet cardType={sheetCardType} onClose={() => setSheetCardType(null)} />
    </View>
  );
}

function Results({ keyword, onOpen }: { keyword: string; onOpen: (cardType: CardTypeSummary) => void }) {
  const t = useT();
  const results = useCardTypeSearch(keyword);
  return (
    <AsyncView source={results} skeleton={<ListSkeleton rows={4} withLogo />}>
      {(hits) =>
        hits.length === 0 ? (
          <StateView
            kind="empty"
            title={t('search.empty.title', { keyword })}
            body={t('search.empty.body')}
            action={
              <Button type="primary" fill="outline" shape="round" size="small" onClick={() => void switchTab('goodsClass')}>
                {t('search.empty.action')}
              </Button>
            }
          />
        ) : (
          <View className="search__results">
            <Text className="search__count">{t('search.results.count', { count: hits.length })}</Text>
            <View className="search__card">
              {hits.map((hit) => (
                <CardTypeRow key={hit.id} cardType={hit} categoryName={hit.categoryName} onTap={onOpen} />
              ))}
            </View>
          </View>
        )
      }
    </AsyncView>
  );
}

/** Before anything is typed: this device's recent searches and the best-paying card types. */
function Suggestions({ onPick }: { onPick: (keyword: string) => void }) {
  const t = useT();
  const { keywords, clear } = useRecentSearches();
  const categories = useGoodsClasses();
  const popularNames = popularCardTypeNames(categories.data ?? []);

  return (
    <View className="search__suggestions">
      {keywords.length > 0 ? (
        <View className="search__section">
          <View className="search__section-head">
            <Text className="search__section-title">{t('search.recent.title')}</Text>
            <Text className="search__section-clear" onClick={clear}>
              {t('search.recent.clear')}
            </Text>
          </View>
          <View className="search__chips">
            {keywords.map((keyword) => (
              <Text key={keyword} className="search__chip" onClick={() => onPick(keyword)}>
                {keyword}
              </Text>
            ))}
          </View>
        </View>
      ) : null}
      {popularNames.length > 0 ? (
        <View className="search__section">
          <View className="search__section-head">
            <Text className="search__section-title">{t('search.popular.title')}</Text>
          </View>
          <View className="search__chips">
            {popularNames.map((name, index) => (
              <Text key={name} className={index < 3 ? 'search__chip search__chip--hot' : 'search__chip'} onClick={() => onPick(name)}>
                {name}
              </Text>
            ))}
          </View>
        </View>
      ) : null}
    </View>
  );
}

function popularCardTypeNames(categories: readonly GoodsClass[]): string[] {
  return categories
    .flatMap((category) => category.cardTypes)
    .filter((cardType) => !cardType.maintenance)
    .sort((a, b) => b.bestRateBp - a.bestRateBp)
    .slice(0, SUGGESTION_COUNT)
    .map((cardType) => cardType.name);
}
