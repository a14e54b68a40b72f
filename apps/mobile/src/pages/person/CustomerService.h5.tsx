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

/**
 * H5: the customer-service row, last in the profile menu, as a plain menu row (Menu.h5.tsx). H5
 * has no WeChat contact button: the row opens the chat link, or calls the service phone.
 */
export function CustomerServiceEntry({ way, title, arrow }: CustomerServiceEntryProps) {
  const t = useT();
  if (way.kind === 'chat') {
    // The setting names either one of our pages (opened in the app) or another site.
    const open = async () => {
      if (await openContentLink(way.url)) return;
      if ((await openExternalUrl(way.url)) === 'copied') toast(t('person.menu.customerService.copied'));
    };
    return <MenuRow title={title(t('person.menu.customerService'))} extra={arrow} onClick={() => void open()} />;
  }
  if (way.kind !== 'phone') return null;
  return (
    <MenuRow
      className="person__service-phone"
      title={title(t('person.menu.servicePhone'))}
      extra={
        <div className="person__service-extra">
          <div className="person__service-text">
            <span className="person__service-number">{way.phone}</span>
            {way.hours ? <span className="person__service-hours">{t('person.menu.servicePhone.hours', { hours: way.hours })}</span> : null}
          </div>
          {arrow}
        </div>
      }
      onClick={() => void Taro.makePhoneCall({ phoneNumber: way.phone.replace(/\s/g, '') }).catch(() => undefined)}
    />
  );
}
