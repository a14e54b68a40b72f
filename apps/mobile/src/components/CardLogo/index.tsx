import { Image, Text, View } from '@tarojs/components';
import { assetUrl } from '@/api/http';
import './index.scss';

interface CardLogoProps {
  name: string;
  logo: string | null;
  size?: 'medium' | 'large';
  /** Greyed out: the card type is under maintenance. */
  dimmed?: boolean;
}

/** A card type's logo tile; one without a logo shows the first character of its name instead. */
export function CardLogo({ name, logo, size = 'medium', dimmed = false }: CardLogoProps) {
  const className = `card-logo card-logo--${size}${dimmed ? ' card-logo--dimmed' : ''}`;
  if (logo) return <Image className={className} src={assetUrl(logo)} mode="aspectFit" lazyLoad />;
  return (
    <View className={`${className} card-logo--initial`}>
      <Text>{Array.from(name)[0] ?? ''}</Text>
    </View>
  );
}
