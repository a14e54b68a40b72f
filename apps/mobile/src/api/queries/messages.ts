/** Hooks over the message calls; the message pages, the bell and the consent ask reach them through these only. */
import type { MiniProgramPlatform } from '@maika/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  fetchMessageSettings,
  fetchMessages,
  fetchSubscribeTemplates,
  fetchUnreadCount,
  markMessagesRead,
  saveMessageSettings,
  type MessageListData,
  type SubscribeTemplatesData,
} from '../endpoints/messages';
import { queryKeys } from '../queryKeys';
import { useWhileLoggedIn } from './whileLoggedIn';

/** Messages per page of the message centre. */
export const MESSAGE_PAGE_SIZE = 20;

/** Template ids change when an operator edits the channel settings, not during a visit. */
const templatesStaleMs = 10 * 60_000;

/** The user's messages, newest first, page by page; each page also says how many are unread. */
export function useMessagePages() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: queryKeys.message.pages(MESSAGE_PAGE_SIZE),
    queryFn: async ({ pageParam }) => {
      const page = await fetchMessages(pageParam, MESSAGE_PAGE_SIZE);
      // The list and the bell say the same count.
      queryClient.setQueryData(queryKeys.message.unread(), page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      return lastPage.list.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
    enabled: useWhileLoggedIn(),
    staleTime: 0,
  });
}

/** How many of the user's messages are unread, for the bell; 0 for a visitor, who has none. */
export function useUnreadCount() {
  return useQuery({ queryKey: queryKeys.message.unread(), queryFn: fetchUnreadCount, enabled: useWhileLoggedIn(), staleTime: 0 });
}

/** The messages on the loaded pages with `ids` (all of them when left out) shown as read. */
function showRead(queryClient: QueryClient, ids: readonly number[] | undefined): void {
  const marked = ids ? new Set(ids) : null;
  queryClient.setQueryData<InfiniteData<MessageListData>>(queryKeys.message.pages(MESSAGE_PAGE_SIZE), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((message) => (!marked || marked.has(message.id) ? { ...message, read: true } : message)),
          })),
        }
      : data,
  );
}

/** Marks messages read (`undefined`: all of them); the list and the bell follow without asking again. */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[] | undefined) => markMessagesRead(ids),
    onSuccess: (unread, ids) => {
      showRead(queryClient, ids);
      queryClient.setQueryData(queryKeys.message.unread(), unread);
    },
  });
}

export function useMessageSettings() {
  return useQuery({ queryKey: queryKeys.message.settings(), queryFn: fetchMessageSettings, enabled: useWhileLoggedIn(), staleTime: 0 });
}

export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.message.settings(), saved),
  });
}

/**
 * The template ids each tap asks consent for, fetched when the page loads: WeChat shows the consent
 * request only when it is asked for in the tap itself, with nothing awaited before it. The returned
 * function reads them at the tap (undefined until they have arrived), not as of the last render.
 */
export function useSubscribeTemplates(platform: MiniProgramPlatform | null): () => SubscribeTemplatesData | undefined {
  const queryClient = useQueryClient();
  const loggedIn = useWhileLoggedIn();
  const queryKey = queryKeys.message.subscribeTemplates(platform ?? '');
  useQuery({
    queryKey,
    queryFn: () => fetchSubscribeTemplates(platform!),
    enabled: () => platform !== null && loggedIn(),
    staleTime: templatesStaleMs,
  });
  return () => queryClient.getQueryData<SubscribeTemplatesData>(queryKey);
}
