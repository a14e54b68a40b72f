import { Button, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { openContentLink } from '@/contentLinks';
import { toast } from '@/feedback';
import { useT } from '@/i18n';
import { openExternalUrl } from '@/navigation';
import type { CustomerServiceWay } from './customerServiceWay';
import { MenuRow } from './Menu';

interface CustomerServiceEntryProps {
  way: CustomerServiceWay;
  /** The menu's title with its icon. */
  title(label: string): React.ReactNode;
  arrow: React.ReactNode;
}

// TARO_ENV is a build-time constant, so each build keeps one side. H5's menu rows are plain elements
// (Menu.h5.tsx), the phone's lines too; they need none of the NutUI cell's props. Cell.Group marks
// only its own direct Cell children as last (no divider under them), so this row says it itself.
const Box = (process.env.TARO_ENV === 'h5' ? 'div' : View) as typeof View;
const Line = (process.env.TARO_ENV === 'h5' ? 'span' : Text) as typeof Text;
const lastCell = process.env.TARO_ENV === 'h5' ? {} : ({ align: 'center', clickable: true, isLast: true } as const);

/** The customer-service row, last in the profile menu. */
export function CustomerServiceEntry({ way, title, arrow }: CustomerServiceEntryProps) {
  const t = useT();
  const online = title(t('person.menu.customerService'));
  // TARO_ENV is a build-time constant: only the WeChat build keeps the contact button (H5 and Alipay have none).
  if (process.env.TARO_ENV === 'weapp' && way.kind === 'weappContact') {
    return (
      <Button className="person__contact" openType="contact">
        <MenuRow {...lastCell} title={online} extra={arrow} />
      </Button>
    );
  }
  if (way.kind === 'chat') {
    // The setting names either one of our pages (opened in the app) or another site.
    const open = async () => {
      if (await openContentLink(way.url)) return;
      if ((await openExternalUrl(way.url)) === 'copied') toast(t('person.menu.customerService.copied'));
    };
    return <MenuRow {...lastCell} title={online} extra={arrow} onClick={() => void open()} />;
  }
  if (way.kind !== 'phone') return null;
  return (
    <MenuRow
      {...lastCell}
      className="person__service-phone"
      title={title(t('person.menu.servicePhone'))}
      extra={
        <Box className="person__service-extra">
          <Box className="person__service-text">
            <Line className="person__service-number">{way.phone}</Line>
            {way.hours ? <Line className="person__service-hours">{t('person.menu.servicePhone.hours', { hours: way.hours })}</Line> : null}
          </Box>
          {arrow}
        </Box>
      }
      onClick={() => void Taro.makePhoneCall({ phoneNumber: way.phone.replace(/\s/g, '') }).catch(() => undefined)}
    />
  );
}
