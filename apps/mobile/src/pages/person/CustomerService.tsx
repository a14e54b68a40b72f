import { Cell } from '@nutui/nutui-react-taro';
import { Button, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { openContentLink } from '@/contentLinks';
import { toast } from '@/feedback';
import { useT } from '@/i18n';
import { openExternalUrl } from '@/navigation';
import type { CustomerServiceWay } from './customerServiceWay';

interface CustomerServiceEntryProps {
  way: CustomerServiceWay;
  /** The menu's title with its icon. */
  title(label: string): React.ReactNode;
  arrow: React.ReactNode;
}

/**
 * The customer-service row, last in the profile menu. Cell.Group marks only its own direct Cell
 * children as last (no divider under them), so this row says it itself.
 */
export function CustomerServiceEntry({ way, title, arrow }: CustomerServiceEntryProps) {
  const t = useT();
  const online = title(t('person.menu.customerService'));
  // TARO_ENV is a build-time constant: only the WeChat build keeps the contact button (H5 and Alipay have none).
  if (process.env.TARO_ENV === 'weapp' && way.kind === 'weappContact') {
    return (
      <Button className="person__contact" openType="contact">
        <Cell align="center" title={online} extra={arrow} clickable isLast />
      </Button>
    );
  }
  if (way.kind === 'chat') {
    // The setting names either one of our pages (opened in the app) or another site.
    const open = async () => {
      if (await openContentLink(way.url)) return;
      if ((await openExternalUrl(way.url)) === 'copied') toast(t('person.menu.customerService.copied'));
    };
    return <Cell align="center" title={online} extra={arrow} clickable isLast onClick={() => void open()} />;
  }
  if (way.kind !== 'phone') return null;
  return (
    <Cell
      align="center"
      className="person__service-phone"
      title={title(t('person.menu.servicePhone'))}
      extra={
        <View className="person__service-extra">
          <View className="person__service-text">
            <Text className="person__service-number">{way.phone}</Text>
            {way.hours ? <Text className="person__service-hours">{t('person.menu.servicePhone.hours', { hours: way.hours })}</Text> : null}
          </View>
          {arrow}
        </View>
      }
      clickable
      isLast
      onClick={() => void Taro.makePhoneCall({ phoneNumber: way.phone.replace(/\s/g, '') }).catch(() => undefined)}
    />
  );
}
