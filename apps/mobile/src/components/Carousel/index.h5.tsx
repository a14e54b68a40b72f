import { SwiperConfig } from '@maika/shared';
import { cloneElement, useEffect, useRef, useState } from 'react';
import type { CarouselProps } from './types';
import './index.scss';

/** How long the track must stay still before a scroll counts as finished (Safari has no scrollend). */
const SETTLE_MS = 120;

/** The slide the track shows now (the nearest one while it moves). */
function slideAt(element: HTMLDivElement, vertical: boolean): number {
  const size = vertical ? element.clientHeight : element.clientWidth;
  return size === 0 ? 0 : Math.round((vertical ? element.scrollTop : element.scrollLeft) / size);
}

function scrollToSlide(element: HTMLDivElement, vertical: boolean, index: number, behavior: ScrollBehavior): void {
  const size = vertical ? element.clientHeight : element.clientWidth;
  element.scrollTo({ [vertical ? 'top' : 'left']: index * size, behavior });
}

/**
 * The H5 carousel: a CSS scroll-snap track, so a swipe is the browser's own scrolling and costs no
 * library. It wraps round like the mini-programs' circular swiper: a copy of the first slide
 * follows the last, and landing on the copy jumps back to the real first slide without animation.
 */
export function Carousel({ className, children, vertical = false, dots = false, swipeable = true }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const count = children.length;
  const [current, setCurrent] = useState(0);

  // Each slide change (by autoplay or by a swipe) starts the wait for the next one afresh.
  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setTimeout(() => {
      if (track.current) scrollToSlide(track.current, vertical, current + 1, 'smooth');
    }, SwiperConfig.autoplayIntervalMs);
    return () => clearTimeout(timer);
  }, [count, current, vertical]);

  useEffect(() => {
    const element = track.current;
    if (!element || count < 2) return undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const index = slideAt(element, vertical);
      setCurrent(index % count);
      clearTimeout(settle);
      settle = setTimeout(() => {
        if (slideAt(element, vertical) >= count) scrollToSlide(element, vertical, 0, 'instant');
      }, SETTLE_MS);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(settle);
      element.removeEventListener('scroll', onScroll);
    };
  }, [count, vertical]);

  const slides = count > 1 ? [...children, cloneElement(children[0]!, { key: 'carousel-wrap' })] : children;
  const classes = ['carousel', vertical ? 'carousel--vertical' : '', swipeable ? '' : 'carousel--fixed', className ?? ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="carousel__track" ref={track}>
        {slides.map((slide, index) => (
          <div key={slide.key ?? index} className="carousel__slide" aria-hidden={index >= count || index !== current}>
            {slide}
          </div>
        ))}
      </div>
      {dots && count > 1 ? (
        <div className="carousel__dots">
          {children.map((child, index) => (
            <span key={child.key} className={index === current ? 'carousel__dot carousel__dot--active' : 'carousel__dot'} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
