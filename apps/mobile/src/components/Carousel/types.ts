import type { ReactElement } from 'react';

export interface CarouselProps {
  className?: string;
  /** One slide per child; each child needs a key. */
  children: readonly ReactElement[];
  /** Slides move up rather than left. */
  vertical?: boolean;
  /** Shows one dot per slide, the current one filled. */
  dots?: boolean;
  /** False when only autoplay moves the slides (the user cannot swipe them). */
  swipeable?: boolean;
}
