/** The open head's height (NutUI's `headHeight` on the mini-programs; index.h5.scss draws it). */
const PULL_HEAD_PX = 50;

/** How long "up to date" stays in view before the head closes (NutUI's `completeDelay`). */
export const PULL_DONE_MS = 500;

/**
 * How far the head opens for a finger moved `deltaY` px down: a rubber band that gives half the
 * finger's travel at first and never opens past five heads, as NutUI's pull does on the minis.
 */
export function pullHeight(deltaY: number): number {
  if (deltaY <= 0) return 0;
  const limit = PULL_HEAD_PX * 5;
  return (deltaY * limit * 0.5) / (limit + 0.5 * deltaY);
}

/** The way a touch moved, once it has gone 10 px one way more than the other (until then, none). */
export function touchDirection(deltaX: number, deltaY: number): 'vertical' | 'horizontal' | null {
  const x = Math.abs(deltaX);
  const y = Math.abs(deltaY);
  if (y > x && y > 10) return 'vertical';
  if (x > y && x > 10) return 'horizontal';
  return null;
}
