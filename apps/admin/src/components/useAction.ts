import { pathOf, type AdminCall } from '@maika/shared';
import { useCustomMutation, useInvalidate, useTranslate } from '@refinedev/core';

/**
 * A non-CRUD admin action (approve, reject, freeze…): POST to `/api/admin/<path>`, a success
 * notice, and the resources it touched refetched. The server's message shows on failure.
 */
export function useAction(resources: readonly string[]) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  /** `done` words the success notice from the answer, when "done" would say less than what happened. */
  const run = async <T = unknown>(
    path: string,
    payload: object = {},
    method: 'post' | 'put' | 'patch' | 'delete' = 'post',
    done?: (answer: T) => string,
  ): Promise<T> => {
    const result = await mutateAsync({
      url: path,
      method,
      values: payload,
      successNotification: (answer) => ({
        type: 'success',
        message: done && answer ? done(answer.data as T) : t('notifications.done'),
      }),
      errorNotification: (error) => ({ type: 'error', message: t('notifications.failed'), description: error?.message }),
    });
    await Promise.all(resources.map((resource) => invalidate({ resource, invalidates: ['all'] })));
    return result.data as T;
  };
  /** The action of a contract entry, its path parameters filled in. */
  const runCall = <T = unknown>(
    call: AdminCall,
    params: Record<string, string | number>,
    payload: object = {},
    done?: (answer: T) => string,
  ): Promise<T> => run<T>(pathOf(call, params), payload, call.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete', done);
  return { run, runCall, isPending: mutation.isPending };
}
