import { lazy, Suspense, useRef } from 'react';
import type { AppealDialogProps } from './AppealDialog';

const AppealDialog = lazy(() => import('./AppealDialog').then((module) => ({ default: module.AppealDialog })));

/**
 * H5: the appeal dialog (NutUI's Popup with its transitions, a text area) is fetched when the first
 * card is appealed, not with the order tab, which seldom needs it. Once open it stays mounted so
 * that closing it animates like any popup.
 */
export function AppealDialogOnDemand(props: AppealDialogProps) {
  const opened = useRef(false);
  if (props.card) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <AppealDialog {...props} />
    </Suspense>
  );
}
