// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTaro, resetDevice } from '@/testing/fakeTaro';
import { openContentLink } from './contentLinks';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

describe('opening a page from a path in server content', () => {
  beforeEach(resetDevice);

  it('switches to a tab page', async () => {
    expect(await openContentLink('pages/goodsClass/goodsClass')).toBe(true);
    expect(fakeTaro.switchTab).toHaveBeenCalledWith({ url: '/pages/goodsClass/goodsClass' });
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it('navigates to any other page with the query the path carries', async () => {
    expect(await openContentLink('/pages/jumpTemplate/jumpTemplate?point=6')).toBe(true);
    expect(fakeTaro.navigateTo).toHaveBeenCalledWith({ url: '/pages/jumpTemplate/jumpTemplate?point=6' });
  });

  it('opens nothing for a page the route table lacks, a web address or an empty link', async () => {
    for (const link of ['pages/nowhere/nowhere', 'https://m.maika.example/pages/home/home', '//evil.example/x', '  ']) {
      expect(await openContentLink(link), link).toBe(false);
    }
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
    expect(fakeTaro.switchTab).not.toHaveBeenCalled();
  });
});
