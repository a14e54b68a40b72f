import { Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { useState } from 'react';
import type { MessageItem } from '@/api/endpoints/messages';
import { useMarkMessagesRead, useMessagePages, useUnreadCount } from '@/api/queries/messages';
import { AsyncView } from '@/components/AsyncView';
import { ListFooter } from '@/components/PagedList';
import { PullRefresh } from '@/components/PullRefresh';
import { ListSkeleton } from '@/components/Skeleton';
import { openContentLink } from '@/contentLinks';
import { toast } from '@/feedback';
import { formatDateTime } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useNextPageOnReachBottom } from '@/hooks/useNextPageOnReachBottom';
import { addPageMessages, useT } from '@/i18n';
import { messageCentreMessages } from '@/i18n/locales/pages/messageCentre';
import { navigateTo } from '@/navigation';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import { ariaState } from '@/a11y';
import './message.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/messageCentre.ts).
addPageMessages(messageCentreMessages);

/**
 * The message centre (docs/product.md "Messages"): what happened to the user's cards and money,
 * newest first. A tap marks a message read and opens the order or withdrawal it is about; one
 * about no page opens in place to its full text.
 */
export default function MessagePage() {
  usePageTitle('message');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  if (!isLogin) {
    return (
      <View className="messages">
        <LoginFirst body={t('message.loginFirst')} />
      </View>
    );
  }
  return <MessageList />;
}

function MessageList() {
  const t = useT();
  const messages = useMessagePages();
  const unread = useUnreadCount().data ?? 0;
  const hasMessages = (messages.data?.pages[0]?.list.length ?? 0) > 0;
  const markRead = useMarkMessagesRead();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // Messages arrive while the user is on the page they opened, or elsewhere.
  useDidShow(() => void messages.refetch());
  useNextPageOnReachBottom(messages);

  const toggle = (id: number) =>
    setExpanded((shown) => {
      const next = new Set(shown);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const open = (message: MessageItem) => {
    if (!message.read) markRead.mutate([message.id]);
    // A link to a page this version lacks opens nothing: the text then opens in place.
    if (!message.link) return toggle(message.id);
    void openContentLink(message.link).then((opened) => {
      if (!opened) toggle(message.id);
    });
  };

  const readAll = () => {
    if (markRead.isPending) return;
    markRead.mutate(undefined, { onSuccess: () => toast(t('message.readAll.done'), 'success') });
  };

  return (
    <View className="messages">
      <PullRefresh onRefresh={() => messages.refetch()}>
        <View className="messages__bar">
          <Text className="messages__summary">
            {unread > 0 ? t('message.unreadSummary', { count: unread }) : hasMessages ? t('message.allRead') : ''}
          </Text>
          {unread > 0 ? (
            <View className="messages__action messages__read-all" role="button" onClick={readAll}>
              <Text className="messages__action-label">{t('message.readAll')}</Text>
            </View>
          ) : null}
          <View className="messages__action messages__settings" role="button" onClick={() => void navigateTo('messageSettings')}>
            <Text className="messages__action-label">{t('message.settings')}</Text>
          </View>
        </View>
        <AsyncView source={messages} skeleton={<ListSkeleton rows={5} />}>
          {(data) =>
            data.pages[0]?.list.length === 0 ? (
              <NoMessages />
            ) : (
              <View className="messages__list">
                {data.pages
                  .flatMap((page) => page.list)
                  .map((message) => (
                    <MessageRow key={message.id} message={message} expanded={expanded.has(message.id)} onOpen={open} />
                  ))}
                <ListFooter source={messages} endText={t('message.end')} />
              </View>
            )
          }
        </AsyncView>
      </PullRefresh>
    </View>
  );
}

interface MessageRowProps {
  message: MessageItem;
  expanded: boolean;
  onOpen(message: MessageItem): void;
}

/** One message: a dot while unread, its title and time, the start of its text, and where it leads. */
function MessageRow({ message, expanded, onOpen }: MessageRowProps) {
  const t = useT();
  const className = ['messages__item', message.read ? 'messages__item--read' : 'messages__item--unread'].join(' ');
  return (
    <View
      className={className}
      role="button"
      data-message-id={String(message.id)}
      aria-expanded={message.link ? undefined : ariaState(expanded)}
      onClick={() => onOpen(message)}
    >
      <View className="messages__head">
        {message.read ? null : <View className="messages__dot" aria-label={t('message.unread')} />}
        <Text className="messages__title">{message.title}</Text>
        <Text className="messages__time">{formatDateTime(message.createdAt)}</Text>
      </View>
      <Text className={expanded ? 'messages__content messages__content--full' : 'messages__content'}>{message.content}</Text>
      {message.link ? (
        <View className="messages__open">
          <Text>{t('message.open')}</Text>
          <View className="messages__chevron" />
        </View>
      ) : null}
    </View>
  );
}

function NoMessages() {
  const t = useT();
  return (
    <View className="messages__empty">
      <View className="messages__empty-picture" />
      <Text className="messages__empty-title">{t('message.empty.title')}</Text>
      <Text className="messages__empty-body">{t('message.empty.body')}</Text>
    </View>
  );
}
