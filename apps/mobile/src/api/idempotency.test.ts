import { cashIdempotencyKeyField } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { createSubmissionKeys } from './idempotency';

describe('the idempotency key of a submission', () => {
  it('is reused while the same request is retried and renewed for another request', () => {
    let made = 0;
    const keys = createSubmissionKeys('wd', () => `key-${++made}`);
    expect(keys.keyFor('1|10000|7')).toBe('key-1');
    expect(keys.keyFor('1|10000|7')).toBe('key-1');
    expect(keys.keyFor('1|20000|7')).toBe('key-2');
    keys.settle();
    expect(keys.keyFor('1|20000|7')).toBe('key-3');
  });

  it('makes distinct random keys under its prefix that the server accepts', () => {
    const first = createSubmissionKeys('wd').keyFor('a');
    const second = createSubmissionKeys('wd').keyFor('a');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^wd-[0-9a-z]+-[0-9a-f]{32}$/);
    expect(createSubmissionKeys('card').keyFor('a')).toMatch(/^card-[0-9a-z]+-[0-9a-f]{32}$/);
    expect(cashIdempotencyKeyField.safeParse(createSubmissionKeys('card').keyFor('a')).success).toBe(true);
  });
});
