import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';

describe("the message bell's badge", () => {
  it('shows nothing when every message is read', () => {
    expect(badgeText(0)).toBe('');
  });

  it('counts the unread messages up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });

  it('says 99+ above 99, so the badge stays a badge', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});
