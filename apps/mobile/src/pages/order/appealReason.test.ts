import { describe, expect, it } from 'vitest';
import { appealLength, appealReasonFits } from './appealReason';

describe('the appeal reason', () => {
  it('counts what the server keeps: the reason without surrounding spaces', () => {
    expect(appealLength('  买的新卡  ')).toBe(4);
  });

  it('takes 5 to 200 characters', () => {
    expect(appealReasonFits('四个字儿')).toBe(false);
    expect(appealReasonFits('五个字的话')).toBe(true);
    expect(appealReasonFits('   五个字的话   ')).toBe(true);
    expect(appealReasonFits('字'.repeat(200))).toBe(true);
    expect(appealReasonFits('字'.repeat(201))).toBe(false);
  });
});
