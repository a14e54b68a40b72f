import { Text, View } from '@tarojs/components';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import './index.scss';

interface SearchEntryProps {
  /** `brand` sits on the blue header, `page` on the grey page background. */
  tone: 'brand' | 'page';
}

/** Looks like a search box; tapping it opens the search page, where the real input is. */
export function SearchEntry({ tone }: SearchEntryProps) {
  const t = useT();
  return (
    <View className={`search-entry search-entry--${tone}`} onClick={() => void navigateTo('searchPage')}>
      <View className="search-entry__icon" />
      <Text className="search-entry__placeholder">{t('home.search.placeholder')}</Text>
    </View>
  );
}
