import { AsyncPageConfig } from '@maika/shared';
import { useCallback, useEffect, useState } from 'react';

/**
 * Where a wait stands (docs/product.md "Waiting for data"): `quiet` for the first 200 ms, so a fast
 * answer never flashes a skeleton; `loading` after that; `timedOut` after 60 s, when the page
 * offers a reload instead.
 */
export type LoadingPhase = 'quiet' | 'loading' | 'timedOut';

/** The phase of the wait that is on while `waiting`; `restart` starts the clock again (a reload). */
export function useLoadingPhase(waiting: boolean): { phase: LoadingPhase; restart(): void } {
  const [phase, setPhase] = useState<LoadingPhase>('quiet');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setPhase('quiet');
    if (!waiting) return undefined;
    const showLoading = setTimeout(() => setPhase('loading'), AsyncPageConfig.loadingDelayMs);
    const giveUp = setTimeout(() => setPhase('timedOut'), AsyncPageConfig.errorTimeoutMs);
    return () => {
      clearTimeout(showLoading);
      clearTimeout(giveUp);
    };
  }, [waiting, attempt]);

  const restart = useCallback(() => setAttempt((count) => count + 1), []);
  return { phase, restart };
}
