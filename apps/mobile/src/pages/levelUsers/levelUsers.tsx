import { formatFen } from '@maika/shared';
import { Image, Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import type { LevelUser } from '@/api/endpoints/referrals';
import { assetUrl } from '@/api/http';
import { useLevelUserPages } from '@/api/queries/referrals';
import { AsyncView } from '@/components/AsyncView';
import { ListFooter } from '@/components/PagedList';
import { ListSkeleton } from '@/components/Skeleton';
import { formatCalendarDate } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { addPageMessages, useT } from '@/i18n';
import { levelUsersMessages } from '@/i18n/locales/pages/levelUsers';
import './levelUsers.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/levelUsers.ts).
addPageMessages(levelUsersMessages);

/** The users who signed up with this user's invite, newest first. */
export default function LevelUsers() {
  usePageTitle('levelUsers');
  const t = useT();
  const users = useLevelUserPages();
  useDidShow(() => void users.refetch());
  useNextPageOnReachBottom(users);

  return (
    <View className="paged-list">
      <AsyncView
        source={users}
        skeleton={<ListSkeleton rows={5} withLogo />}
        isEmpty={(data) => data.pages[0]?.list.length === 0}
        empty={{ title: t('levelUsers.empty.title'), body: t('levelUsers.empty.body') }}
      >
        {(data) => (
          <>
            <Text className="paged-list__summary">{t('levelUsers.summary', { count: data.pages[0]?.total ?? 0 })}</Text>
            <View className="paged-list__items">
              {data.pages
                .flatMap((page) => page.list)
                .map((user) => (
                  <LevelUserRow key={user.id} user={user} />
                ))}
            </View>
            <ListFooter source={users} endText={t('share.list.end')} />
          </>
        )}
      </AsyncView>
    </View>
  );
}

function LevelUserRow({ user }: { user: LevelUser }) {
  const t = useT();
  const avatar = assetUrl(user.avatar);
  return (
    <View className="level-user">
      {avatar ? <Image className="level-user__avatar" src={avatar} mode="aspectFill" /> : <View className="level-user__avatar" />}
      <View className="level-user__main">
        <Text className="level-user__name">{user.nickname}</Text>
        <Text className="level-user__meta">{user.phone || t('levelUsers.cancelled')}</Text>
        <Text className="level-user__meta">{t('levelUsers.joinedAt', { date: formatCalendarDate(user.joinedAt) })}</Text>
      </View>
      <View className="level-user__figures">
        <Text className="level-user__rebate">{formatFen(user.rebateFen)}</Text>
        <Text className="level-user__meta">{t('levelUsers.rebate')}</Text>
        <Text className="level-user__meta">{t('levelUsers.cards', { count: user.cardCount })}</Text>
      </View>
    </View>
  );
}
