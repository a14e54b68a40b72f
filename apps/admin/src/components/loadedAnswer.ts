/** What a refine query needs to tell the server's fresh answer from a stand-in for it. */
interface QueryState {
  isSuccess: boolean;
  isFetchedAfterMount: boolean;
  isPlaceholderData: boolean;
}

/**
 * The data of a refine query once the server has answered it since the page opened, else
 * undefined. Until then refine hands over a stand-in: an empty object or list, the answer for the
 * previous key kept while the new one loads, or a cached answer about to be replaced. A form
 * filled from a stand-in is filled again when the answer lands, over what the operator typed.
 */
export function loadedAnswer<T>(query: QueryState, data: T): T | undefined {
  return query.isSuccess && query.isFetchedAfterMount && !query.isPlaceholderData ? data : undefined;
}
