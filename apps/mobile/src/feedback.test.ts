import { locales } from '@maika/shared';
import { describe, expect, it, vi } from 'vitest';
import { fitsModalButton } from './feedback';
import { allMessages as messages } from './i18n/locales/all';
import type { MessageKey } from './i18n/messages';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

/** Every label the app puts on a modal button. */
const modalButtonKeys: readonly MessageKey[] = [
  'auth.loginPrompt.confirm',
  'common.cancel',
  'person.logout',
  'personInfo.cancelAccount.confirm',
  'personInfo.cancelAccount.keep',
];

describe('modal buttons', () => {
  it('measure Chinese characters double, as the platforms do', () => {
    expect(fitsModalButton('确认注销')).toBe(true);
    expect(fitsModalButton('确认注销吗')).toBe(false);
    expect(fitsModalButton('Log out')).toBe(true);
    expect(fitsModalButton('Cancel account')).toBe(false);
  });

  it.each(locales)('fit every label in %s', (locale) => {
    for (const key of modalButtonKeys) expect(fitsModalButton(messages[locale][key]), `${locale} ${key}`).toBe(true);
  });
});
