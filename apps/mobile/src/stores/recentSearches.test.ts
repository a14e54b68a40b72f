// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceStorage, resetDevice } from '@/testing/fakeTaro';
import { StorageKey } from '@/storage/cache';
import { RECENT_SEARCH_LIMIT, useRecentSearches, withRecentSearch } from './recentSearches';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

describe('recent searches', () => {
  beforeEach(() => {
    resetDevice();
    useRecentSearches.setState({ keywords: [] });
  });

  it('puts the newest search first and trims it', () => {
    expect(withRecentSearch(['京东E卡'], '  话费卡 ')).toEqual(['话费卡', '京东E卡']);
  });

  it('moves a repeated search to the front instead of listing it twice', () => {
    expect(withRecentSearch(['话费卡', '京东E卡', '加油卡'], '京东E卡')).toEqual(['京东E卡', '话费卡', '加油卡']);
  });

  it('keeps at most ten, dropping the oldest', () => {
    const full = Array.from({ length: RECENT_SEARCH_LIMIT }, (_, index) => `卡${index}`);
    const next = withRecentSearch(full, '新卡');
    expect(next).toHaveLength(RECENT_SEARCH_LIMIT);
    expect(next[0]).toBe('新卡');
    expect(next).not.toContain(`卡${RECENT_SEARCH_LIMIT - 1}`);
  });

  it('ignores a blank search', () => {
    expect(withRecentSearch(['话费卡'], '   ')).toEqual(['话费卡']);
  });

  it('keeps searches on the device and forgets them when cleared', () => {
    useRecentSearches.getState().remember('京东E卡');
    expect(JSON.parse(String(deviceStorage.get(StorageKey.recentSearches))).state.keywords).toEqual(['京东E卡']);
    useRecentSearches.getState().clear();
    expect(JSON.parse(String(deviceStorage.get(StorageKey.recentSearches))).state.keywords).toEqual([]);
  });

  it('reads back only the strings of a tampered store, at most ten of them', async () => {
    const stored = [42, '话费卡', null, ...Array.from({ length: 12 }, (_, index) => `卡${index}`)];
    deviceStorage.set(StorageKey.recentSearches, JSON.stringify({ state: { keywords: stored }, version: 1 }));
    await useRecentSearches.persist.rehydrate();
    const { keywords } = useRecentSearches.getState();
    expect(keywords).toHaveLength(RECENT_SEARCH_LIMIT);
    expect(keywords.slice(0, 2)).toEqual(['话费卡', '卡0']);
  });
});
