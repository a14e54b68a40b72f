import { describe, expect, it } from 'vitest';
import { applyPlurals } from './plural';

const cards = '{count, plural, one {# card} other {# cards}}';

describe('plural forms in UI strings', () => {
  it('says "1 card" and "2 cards", "0 cards" in English', () => {
    expect(applyPlurals(cards, 'en-US', { count: 1 })).toBe('1 card');
    expect(applyPlurals(cards, 'en-US', { count: 2 })).toBe('2 cards');
    expect(applyPlurals(cards, 'en-US', { count: 0 })).toBe('0 cards');
  });

  it('picks an exact number before the category, and leaves the rest of the text alone', () => {
    const text = 'You have {count, plural, =0 {no cards} one {# card} other {# cards}} in {orders}';
    expect(applyPlurals(text, 'en-US', { count: 0, orders: 'orders' })).toBe('You have no cards in {orders}');
    expect(applyPlurals(text, 'en-US', { count: 1 })).toBe('You have 1 card in {orders}');
  });

  it('uses the locale’s own rules: Chinese has one form', () => {
    expect(applyPlurals('{count, plural, other {# 张}}', 'zh-CN', { count: 1 })).toBe('1 张');
  });

  it('leaves a block whose count is missing or not a number as it is', () => {
    expect(applyPlurals(cards, 'en-US', {})).toBe(cards);
    expect(applyPlurals(cards, 'en-US', { count: '2' })).toBe(cards);
  });
});
