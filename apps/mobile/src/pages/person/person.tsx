import { Image, Text, View } from '@tarojs/components';
import { useFoundation } from '@/api/queries/content';
import { useAvatarUrl, useUserInfo } from '@/api/queries/user';
import { MessageBell } from '@/components/MessageBell';
import { NavHeader } from '@/components/NavHeader';
import { TabPage } from '@/components/TabPage';
import { useConfirmedLogOut } from '@/hooks/useConfirmedLogOut';
import { useT, type MessageKey } from '@/i18n';
import { navigateTo } from '@/navigation';
import type { PageRouteName } from '@/routes';
import { BalanceCard } from './BalanceCard';
import { CustomerServiceEntry } from './CustomerService';
import { customerServiceWay } from './customerServiceWay';
import { MenuGroup, MenuRow } from './Menu';
import './person.scss';

type MenuIcon = 'payee' | 'identity' | 'faq' | 'cooperation' | 'merchant' | 'feedback' | 'about' | 'service' | 'settings' | 'share';

/** The profile menu of docs/product.md "Pages and routes", in its order, as far as its pages exist; the invite page leads it. */
const pageEntries: readonly { route: PageRouteName; labelKey: MessageKey; icon: MenuIcon }[] = [
  { route: 'share', labelKey: 'person.menu.share', icon: 'share' },
  { route: 'withdrawInfo', labelKey: 'person.menu.withdrawInfo', icon: 'payee' },
  { route: 'realNameAuth', labelKey: 'person.menu.realNameAuth', icon: 'identity' },
  { route: 'commonProblem', labelKey: 'person.menu.commonProblem', icon: 'faq' },
  { route: 'businessCooperation', labelKey: 'person.menu.businessCooperation', icon: 'cooperation' },
  // Resellers who sell from their own systems: the signed API's application, keys and callbacks.
  { route: 'merchant', labelKey: 'person.menu.merchant', icon: 'merchant' },
  { route: 'feedback', labelKey: 'person.menu.feedback', icon: 'feedback' },
  { route: 'aboutUs', labelKey: 'person.menu.aboutUs', icon: 'about' },
];

function MenuTitle({ icon, label }: { icon: MenuIcon; label: string }) {
  return (
    <View className="person__menu-title">
      <View className={`person__menu-icon person__menu-icon--${icon}`} />
      <Text>{label}</Text>
    </View>
  );
}

const arrow = <View className="person__arrow" />;

export default function Person() {
  const t = useT();
  const userinfo = useUserInfo();
  const avatarUrl = useAvatarUrl();
  const foundation = useFoundation();
  const confirmLogOut = useConfirmedLogOut();
  const service = customerServiceWay(foundation.data, process.env.TARO_ENV);

  return (
    <TabPage route="person" className="person">
      <NavHeader title={t('title.person')} leading={<MessageBell />}>
        <View className="person__profile" onClick={() => void navigateTo(userinfo ? 'personInfo' : 'login')}>
          {avatarUrl ? <Image className="person__avatar" src={avatarUrl} mode="aspectFill" /> : <View className="person__avatar" />}
          <View className="person__identity">
            <Text className="person__name">{userinfo ? userinfo.nickname : t('person.guest.name')}</Text>
            <Text className="person__hint">{userinfo ? t('person.loggedIn.hint', { phone: userinfo.phone }) : t('person.guest.hint')}</Text>
          </View>
          {userinfo ? <View className="person__arrow person__arrow--light" /> : <Text className="person__login">{t('person.login')}</Text>}
        </View>
      </NavHeader>

      {userinfo ? <BalanceCard /> : null}

      {/* The first card rides up over the header: the balance when there is one, else the menu. */}
      <View className={userinfo ? 'person__section' : 'person__section person__section--lifted'}>
        <MenuGroup>
          {[
            ...pageEntries.map((entry) => (
              <MenuRow
                align="center"
                key={entry.route}
                title={<MenuTitle icon={entry.icon} label={t(entry.labelKey)} />}
                extra={arrow}
                clickable
                onClick={() => void navigateTo(entry.route)}
              />
            )),
            // Shown once the site settings name a way (Cell.Group draws a divider after every child it gets).
            ...(service
              ? [
                  <CustomerServiceEntry
                    key="customerService"
                    way={service}
                    title={(label) => <MenuTitle icon="service" label={label} />}
                    arrow={arrow}
                  />,
                ]
              : []),
          ]}
        </MenuGroup>
      </View>

      <View className="person__section">
        <MenuGroup>
          <MenuRow
            align="center"
            title={<MenuTitle icon="settings" label={t('title.personInfo')} />}
            extra={arrow}
            clickable
            onClick={() => void navigateTo('personInfo')}
          />
        </MenuGroup>
      </View>

      {userinfo ? (
        <View className="person__logout" onClick={() => void confirmLogOut()}>
          <Text>{t('person.logout')}</Text>
        </View>
      ) : null}
    </TabPage>
  );
}
