import { SwiperConfig } from '@maika/shared';
import { Swiper, SwiperItem } from '@tarojs/components';
import type { CarouselProps } from './types';

/**
 * Slides that move on by themselves every few seconds and wrap round from the last to the first.
 * The mini-programs use their native swiper; H5 has its own (index.h5.tsx) without Taro's Swiper,
 * which brings the whole swiper library (about 25 KB gzip) into the page.
 */
export function Carousel({ className, children, vertical = false, dots = false, swipeable = true }: CarouselProps) {
  const several = children.length > 1;
  return (
    <Swiper
      className={className}
      vertical={vertical}
      autoplay={several}
      circular
      interval={SwiperConfig.autoplayIntervalMs}
      duration={SwiperConfig.durationMs}
      indicatorDots={dots && several}
      indicatorColor="rgba(255, 255, 255, 0.5)"
      indicatorActiveColor="#ffffff"
      disableTouch={!swipeable}
    >
      {children.map((child, index) => (
        <SwiperItem key={child.key ?? index}>{child}</SwiperItem>
      ))}
    </Swiper>
  );
}
