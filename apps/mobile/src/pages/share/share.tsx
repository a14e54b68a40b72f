import { formatFen, formatRateBp } from '@maika/shared';
import { Cell } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cellgroup/style/css';
import { Text, View } from '@tarojs/components';
import { useDidShow, useShareAppMessage } from '@tarojs/taro';
import type { ShareInfo } from '@/api/endpoints/referrals';
import { useShareInfo } from '@/api/queries/referrals';
import { AsyncView } from '@/components/AsyncView';
import { NavHeader } from '@/components/NavHeader';
import { ListSkeleton } from '@/components/Skeleton';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import { navigateBack, navigateTo } from '@/navigation';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import { InviteCard } from './InviteCard';
import { invitePath } from './invite';
import './share.scss';

export default function Share() {
  usePageTitle('share');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  const info = useShareInfo();
  // Referees and rebates arrive while the user is elsewhere.
  useDidShow(() => {
    if (isLogin) void info.refetch();
  });
  // The chat card opens the home page with the invite code, so the friend lands bound to this user.
  useShareAppMessage(() => ({ title: t('share.chatTitle'), path: invitePath(info.data?.inviteCode) }));

  return (
    <View className="share">
      <NavHeader title={t('title.share')} back={{ label: t('nav.back'), onBack: () => void navigateBack('person') }}>
        <View className="share__hero">
          <Text className="share__hero-title">{t('share.hero.title')}</Text>
          <Text className="share__hero-rate">{info.data ? t('share.hero.rate', { rate: formatRateBp(info.data.rebateRateBp) }) : ' '}</Text>
        </View>
      </NavHeader>
      {isLogin ? (
        <AsyncView source={info} skeleton={<ListSkeleton rows={3} />}>
          {(data) => <ShareBody info={data} />}
        </AsyncView>
      ) : (
        <LoginFirst body={t('share.loginFirst')} />
      )}
    </View>
  );
}

function ShareBody({ info }: { info: ShareInfo }) {
  const t = useT();
  const arrow = <View className="share__arrow" />;
  return (
    <>
      <InviteCard info={info} />
      <View className="share__stats">
        <Stat label={t('share.stats.referees')} value={String(info.levelUserCount)} />
        <Stat label={t('share.stats.total')} value={formatFen(info.rebateTotalFen)} />
        <Stat label={t('share.stats.month')} value={formatFen(info.rebateMonthFen)} />
      </View>
      <View className="share__entries">
        <Cell.Group>
          <Cell
            align="center"
            title={t('title.levelUsers')}
            extra={
              <View className="share__entry-extra">
                <Text>{t('share.entry.levelUsers.value', { count: info.levelUserCount })}</Text>
                {arrow}
              </View>
            }
            clickable
            onClick={() => void navigateTo('levelUsers')}
          />
          <Cell
            align="center"
            title={t('title.shareDetail')}
            extra={
              <View className="share__entry-extra">
                <Text>{formatFen(info.rebateTotalFen)}</Text>
                {arrow}
              </View>
            }
            clickable
            onClick={() => void navigateTo('shareDetail')}
          />
          <Cell align="center" title={t('title.shareInfo')} extra={arrow} clickable onClick={() => void navigateTo('shareInfo')} />
        </Cell.Group>
      </View>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <View className="share__stat">
      <Text className="share__stat-value">{value}</Text>
      <Text className="share__stat-label">{label}</Text>
    </View>
  );
}
