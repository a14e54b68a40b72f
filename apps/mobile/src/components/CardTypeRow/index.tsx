import { formatRateBp } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import type { CardTypeSummary } from '@/api/endpoints/catalogue';
import { CardLogo } from '@/components/CardLogo';
import { useT } from '@/i18n';
import './index.scss';

interface CardTypeRowProps {
  cardType: CardTypeSummary;
  /** Shown under the name (search results and home list where categories mix). */
  categoryName?: string;
  onTap: (cardType: CardTypeSummary) => void;
}

/** One card type in a list: logo, name, badges and its best rate. */
export function CardTypeRow({ cardType, categoryName, onTap }: CardTypeRowProps) {
  const t = useT();
  return (
    <View className="card-type-row" hoverClass="card-type-row--pressed" onClick={() => onTap(cardType)}>
      <CardLogo name={cardType.name} logo={cardType.logo} dimmed={cardType.maintenance} />
      <View className="card-type-row__main">
        <Text className="card-type-row__name">{cardType.name}</Text>
        <View className="card-type-row__tags">
          {categoryName ? <Text className="card-type-row__category">{categoryName}</Text> : null}
          {cardType.maintenance ? <Text className="card-badge card-badge--maintenance">{t('cardType.badge.maintenance')}</Text> : null}
          {cardType.physical ? <Text className="card-badge card-badge--physical">{t('cardType.badge.physical')}</Text> : null}
        </View>
      </View>
      <View className={cardType.maintenance ? 'card-type-row__rate card-type-row__rate--paused' : 'card-type-row__rate'}>
        <Text className="card-type-row__rate-label">{t('cardType.bestRate')}</Text>
        <Text className="card-type-row__rate-value">{formatRateBp(cardType.bestRateBp)}</Text>
      </View>
    </View>
  );
}
