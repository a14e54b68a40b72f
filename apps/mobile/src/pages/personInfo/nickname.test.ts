import { describe, expect, it } from 'vitest';
import { nicknameProblem } from './nickname';

describe('nicknameProblem', () => {
  it('accepts 20 emoji as 20 characters, as the server counts them', () => {
    expect(nicknameProblem('😀'.repeat(20))).toBeNull();
    expect(nicknameProblem(`小明${'👨‍👩‍👧'.repeat(18)}`)).toBeNull();
  });

  it('says too long from the 21st character', () => {
    expect(nicknameProblem('😀'.repeat(21))).toBe('personInfo.nickname.tooLong');
  });

  it('says empty for spaces only', () => {
    expect(nicknameProblem('   ')).toBe('personInfo.nickname.empty');
  });
});
