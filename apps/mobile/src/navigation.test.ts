import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTaro, pageStack, resetDevice } from '@/testing/fakeTaro';
import { currentRouteName, navigateBack } from './navigation';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

beforeEach(resetDevice);

describe('navigateBack', () => {
  it('goes back one page when there is one', async () => {
    pageStack.push({ route: 'pages/login/login' });
    await navigateBack();
    expect(fakeTaro.navigateBack).toHaveBeenCalledWith({ delta: 1 });
    expect(fakeTaro.reLaunch).not.toHaveBeenCalled();
  });

  it('relaunches home from the first page of the stack', async () => {
    pageStack.splice(0, pageStack.length, { route: 'pages/login/login' });
    await navigateBack();
    expect(fakeTaro.reLaunch).toHaveBeenCalledWith({ url: '/pages/home/home' });
    expect(fakeTaro.navigateBack).not.toHaveBeenCalled();
  });

  it('relaunches the given page instead of home when asked', async () => {
    pageStack.splice(0, pageStack.length, { route: 'pages/login/login' });
    await navigateBack('person');
    expect(fakeTaro.reLaunch).toHaveBeenCalledWith({ url: '/pages/person/person' });
  });
});

describe('currentRouteName', () => {
  it('names the page on top of the stack', () => {
    pageStack.push({ route: 'pages/personInfo/personInfo' });
    expect(currentRouteName()).toBe('personInfo');
  });
});
