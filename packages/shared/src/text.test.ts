import { describe, expect, it } from 'vitest';
import { nicknameTooLong, perceivedLength } from './text';

describe('perceivedLength', () => {
  it('counts an emoji, a family emoji and a flag once each', () => {
    expect(perceivedLength('😀')).toBe(1);
    expect(perceivedLength('👨‍👩‍👧‍👦')).toBe(1);
    expect(perceivedLength('🇨🇳')).toBe(1);
    expect(perceivedLength('小明😀')).toBe(3);
  });

  it('counts a letter with a combining accent once', () => {
    expect(perceivedLength('e\u0301')).toBe(1);
  });
});

describe('nicknameTooLong', () => {
  it('accepts 20 emoji, which are 40 UTF-16 units', () => {
    expect(nicknameTooLong('😀'.repeat(20))).toBe(false);
  });

  it('refuses 21 characters', () => {
    expect(nicknameTooLong('😀'.repeat(21))).toBe(true);
    expect(nicknameTooLong('a'.repeat(21))).toBe(true);
  });

  it('refuses a short-looking name stacked with combining marks', () => {
    expect(nicknameTooLong(`a${'\u0301'.repeat(250)}`)).toBe(true);
  });
});
