import { Code, codeMessages, locales } from '@maika/shared';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appErrorCall, missingParams } from '../../../../packages/shared/test/i18nCallSites';

describe('error messages', () => {
  it('get a value for each placeholder wherever the server raises their code', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const templatesOf = (name: string) =>
      Object.hasOwn(Code, name) ? locales.map((locale) => codeMessages[Code[name as keyof typeof Code]][locale]) : undefined;
    const { checked, missing } = missingParams(src, templatesOf, appErrorCall);
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
