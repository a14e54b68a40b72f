import { ScrollConfig } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { pullHeight, touchDirection } from './pull';

describe('the H5 pull-down refresh', () => {
  it('opens the head by less than the finger moves, more the further it goes, never past five heads', () => {
    expect(pullHeight(0)).toBe(0);
    expect(pullHeight(-40)).toBe(0);
    const heights = [10, 50, 100, 200, 400, 2000].map(pullHeight);
    for (const [index, height] of heights.entries()) {
      expect(height).toBeLessThan([10, 50, 100, 200, 400, 2000][index]!);
      if (index > 0) expect(height).toBeGreaterThan(heights[index - 1]!);
    }
    // Five 50 px heads.
    expect(pullHeight(100_000)).toBeLessThan(250);
  });

  it('passes the refresh threshold at about 110 px of finger travel, as the mini-programs do', () => {
    expect(pullHeight(100)).toBeLessThan(ScrollConfig.refresherThresholdPx);
    expect(pullHeight(115)).toBeGreaterThan(ScrollConfig.refresherThresholdPx);
  });

  it('takes a touch as a pull only once it has moved 10 px mostly downwards or upwards', () => {
    expect(touchDirection(3, 8)).toBeNull();
    expect(touchDirection(4, 30)).toBe('vertical');
    expect(touchDirection(-30, 12)).toBe('horizontal');
    expect(touchDirection(2, -14)).toBe('vertical');
  });
});
