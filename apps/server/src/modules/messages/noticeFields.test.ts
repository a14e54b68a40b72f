import { readFileSync } from 'node:fs';
import { messageTypeTable } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { templateVariables } from './noticeFields';

const productDoc = readFileSync(new URL('../../../../../docs/product.md', import.meta.url), 'utf8');
/** The table under "Templates registered at the vendors" in the Messages section. */
const templateTable = productDoc.slice(productDoc.indexOf('Templates registered at the vendors')).split('\n\n')[1] ?? '';

describe('the template variables of each message type', () => {
  it('are the ones docs/product.md tells operators to register, in the same order', () => {
    for (const { code, key } of messageTypeTable.values) {
      const row = templateTable.split('\n').find((line) => new RegExp(`^\\s*\\| ${code} `).test(line));
      expect(row, `docs/product.md has no template row for type ${code}`).toBeDefined();
      const documented = row!.split('|')[2]!.trim();
      expect(documented).toBe(
        templateVariables(key)
          .map((v) => `${v.name} (${v.kind})`)
          .join(', '),
      );
    }
  });
});
