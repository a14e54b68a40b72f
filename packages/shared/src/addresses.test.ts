import { describe, expect, it } from 'vitest';
import { assetAddress, isAbsoluteAddress } from './addresses';

describe('stored file addresses', () => {
  it('takes an address with a scheme or a host of its own as it is', () => {
    for (const address of ['https://cdn.example.com/a.png', 'HTTP://x/y.png', 'data:image/png;base64,AA==', '//cdn.example.com/a.png']) {
      expect(isAbsoluteAddress(address)).toBe(true);
      expect(assetAddress(address, 'https://api.example.com')).toBe(address);
    }
  });

  it('puts a server path under the given origin, or under the page’s own root without one', () => {
    expect(isAbsoluteAddress('uploads/a.png')).toBe(false);
    expect(isAbsoluteAddress('/uploads/a.png')).toBe(false);
    expect(assetAddress('uploads/a.png', 'https://api.example.com')).toBe('https://api.example.com/uploads/a.png');
    expect(assetAddress('/uploads/a.png', 'https://api.example.com')).toBe('https://api.example.com/uploads/a.png');
    expect(assetAddress('uploads/a.png')).toBe('/uploads/a.png');
    expect(assetAddress('/uploads/a.png')).toBe('/uploads/a.png');
  });
});
