import { useEffect, useState, type ComponentProps } from 'react';
import type { CardTypeSheet as Sheet } from './CardTypeSheet';

type SheetComponent = typeof Sheet;

/** Kept once fetched, so a page opened later draws the sheet without fetching again. */
let fetched: SheetComponent | null = null;

/**
 * H5: the sheet (NutUI's popup and its transitions) is fetched when a card type is first tapped
 * rather than with the home and category pages, where most visits never open it.
 */
export function CardTypeSheet({ cardType, onClose }: ComponentProps<SheetComponent>) {
  const [LoadedSheet, setLoadedSheet] = useState<SheetComponent | null>(() => fetched);
  // Drawn closed once before it opens, as when it is part of the page, so it slides in.
  const [drawnClosed, setDrawnClosed] = useState(false);
  useEffect(() => {
    if (!cardType || LoadedSheet) return;
    let live = true;
    import('./CardTypeSheet').then(
      (module) => {
        fetched = module.CardTypeSheet;
        if (live) setLoadedSheet(() => module.CardTypeSheet);
      },
      // Offline: nothing opens; the next tap tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [cardType, LoadedSheet]);
  useEffect(() => {
    if (LoadedSheet) setDrawnClosed(true);
  }, [LoadedSheet]);
  if (!LoadedSheet) return null;
  return <LoadedSheet cardType={drawnClosed ? cardType : null} onClose={onClose} />;
}
