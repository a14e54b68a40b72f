import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { useUnreadCount } from '@/api/queries/messages';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import { useAuthStore } from '@/stores/auth';
import { badgeText } from './badge';
import './index.scss';

/**
 * The bell in the header of the home and profile tabs: the number of unread messages (asked again
 * each time the tab shows, as messages arrive while the user is elsewhere), and the way into the
 * message centre. Visitors have no messages and see no bell.
 */
export function MessageBell() {
  const isLogin = useAuthStore((state) => state.isLogin);
  return isLogin ? <LoggedInBell /> : null;
}

function LoggedInBell() {
  const t = useT();
  const unread = useUnreadCount();
  useDidShow(() => void unread.refetch());
  const badge = badgeText(unread.data ?? 0);
  return (
    <View
      className="message-bell"
      role="button"
      aria-label={badge ? t('message.bell.unread', { count: unread.data ?? 0 }) : t('message.bell')}
      onClick={() => void navigateTo('message')}
    >
      <View className="message-bell__icon" />
      {badge ? <Text className="message-bell__badge">{badge}</Text> : null}
    </View>
  );
}
