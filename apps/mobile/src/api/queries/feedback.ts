/** Hooks over the feedback calls; the feedback pages reach them through these only. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { addFeedback, fetchFeedbackRecords } from '../endpoints/feedback';
import { queryKeys } from '../queryKeys';

/** Feedback entries per page of the record list. */
export const FEEDBACK_PAGE_SIZE = 10;

/** Sends a feedback; the record list then has a new first entry. */
export function useAddFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feedback.all }),
  });
}

export function useFeedbackRecordPages() {
  return useInfiniteQuery({
    queryKey: queryKeys.feedback.recordPages(FEEDBACK_PAGE_SIZE),
    queryFn: ({ pageParam }) => fetchFeedbackRecords(pageParam, FEEDBACK_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      // An empty page ends the list even if `total` says otherwise.
      return lastPage.list.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
    staleTime: 0,
  });
}
