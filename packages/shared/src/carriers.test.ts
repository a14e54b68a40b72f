import { describe, expect, it } from 'vitest';
import { carrierByCode, carrierCodeSchema, carriers, TRACKING_NO_PATTERN } from './carriers';

describe('carriers', () => {
  it('lists the seven carriers with a name in each language', () => {
    expect(carriers.map((c) => c.code)).toEqual(['SF', 'YTO', 'ZTO', 'STO', 'YD', 'JD', 'EMS']);
    for (const c of carriers) expect(c.name['zh-CN'] && c.name['en-US']).toBeTruthy();
    expect(carrierByCode('SF')?.name['zh-CN']).toBe('顺丰速运');
  });

  it('accepts only known codes and plausible tracking numbers', () => {
    expect(carrierCodeSchema.safeParse('DHL').success).toBe(false);
    expect(TRACKING_NO_PATTERN.test('SF1234567890')).toBe(true);
    expect(TRACKING_NO_PATTERN.test('12-34')).toBe(false);
  });
});
