/**
 * A page's first show refetches what the early request (platform/earlyRequests.h5.ts) is asking or
 * has just been answered: the server is asked once, and a later show asks again. A pull-down (or any
 * other plain refetch) right after an answer asks the server again.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JUST_ANSWERED_MS, refetchOnShow } from './justAnswered';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

const queryKey = ['user', 'cash', 'account'];
let client: QueryClient;
let asked: number;
let answer: (value: number) => void;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  asked = 0;
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

const options = {
  queryKey,
  queryFn: () => {
    asked += 1;
    return new Promise<number>((resolve) => (answer = resolve));
  },
  staleTime: JUST_ANSWERED_MS,
};
/** The query's result as the page's hook holds it. */
const observed = () => new QueryObserver(client, options).getCurrentResult();
const shown = () => refetchOnShow(client, queryKey, observed());

describe("a page's first show of an early request's answer", () => {
  it('waits for the early request still on its way instead of asking again', async () => {
    const early = client.prefetchQuery(options);
    const refetched = shown();
    answer(1);
    await Promise.all([early, refetched]);
    expect(asked).toBe(1);
    expect(client.getQueryData(queryKey)).toBe(1);
  });

  it('asks nothing for an answer just arrived, and again once it is older', async () => {
    const early = client.prefetchQuery(options);
    answer(1);
    await early;
    await shown();
    expect(asked).toBe(1);

    vi.setSystemTime(Date.now() + JUST_ANSWERED_MS);
    const later = shown();
    answer(2);
    await later;
    expect(asked).toBe(2);
    expect(client.getQueryData(queryKey)).toBe(2);
  });
});

describe('a pull-down refresh right after an answer', () => {
  it('asks the server again, while the first show of that answer does not', async () => {
    const early = client.prefetchQuery(options);
    answer(1);
    await early;
    await shown();
    expect(asked).toBe(1);

    // The user pulls the list down at once: the refresh is the result's own refetch.
    const pulled = observed().refetch();
    answer(2);
    await pulled;
    expect(asked).toBe(2);
    expect(client.getQueryData(queryKey)).toBe(2);
  });
});
