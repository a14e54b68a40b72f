import { View } from '@tarojs/components';
import type { ReactNode } from 'react';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { useLoadingPhase } from '@/hooks/useLoadingPhase';
import { useT } from '@/i18n';

/** The part of a TanStack query result this view reads (plain and infinite queries both fit). */
export interface AsyncSource<T> {
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch(options?: { cancelRefetch?: boolean }): Promise<unknown>;
}

export interface EmptyContent {
  title: string;
  body?: string;
}

interface AsyncViewProps<T> {
  source: AsyncSource<T>;
  /** Drawn from 200 ms into the first load; shaped like the content it stands for. */
  skeleton?: ReactNode;
  /** When set and true for the data, `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: EmptyContent;
  /** Keeps short sections (a banner, a row) short: a one-line error instead of the full view. */
  compact?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The one way a page shows server data that is not there yet (docs/product.md "Waiting for data"):
 * nothing for 200 ms, then a skeleton, then after 60 s an error; a failed or timed-out load reloads
 * when tapped. Data already shown stays on screen while it refreshes.
 */
export function AsyncView<T>({ source, skeleton, isEmpty, empty, compact = false, children }: AsyncViewProps<T>) {
  const t = useT();
  const { data, error, isFetching } = source;
  const waiting = data === undefined && isFetching;
  const { phase, restart } = useLoadingPhase(waiting);

  const reload = () => {
    restart();
    void source.refetch({ cancelRefetch: true });
  };

  if (data !== undefined) {
    if (isEmpty?.(data)) {
      return <StateView kind="empty" title={empty?.title ?? t('state.empty.title')} body={empty?.body} compact={compact} />;
    }
    return <>{children(data)}</>;
  }
  if (waiting && phase !== 'timedOut') {
    // Quiet, the skeleton is laid out but not shown: it holds the place of what is on its way, so a
    // quick answer moves nothing below it (layout shift) and a slow one changes only what is seen.
    const placeholder = skeleton ?? <ListSkeleton />;
    return phase === 'loading' ? <>{placeholder}</> : <View className="async-view__quiet">{placeholder}</View>;
  }
  if (waiting || error) {
    return (
      <StateView
        kind="error"
        title={phase === 'timedOut' ? t('state.timeout.title') : t('state.error.title')}
        body={t('state.error.tapToReload')}
        compact={compact}
        onTap={reload}
      />
    );
  }
  return null;
}
