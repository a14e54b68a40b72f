import { describe, expect, it } from 'vitest';
import { activeKeyCount, applyProblems, applyRequest, notifyUrlProblem, volumeInput } from './merchantForm';

const draft = (name: string, contact: string, monthlyVolume: string) => ({ name, contact, monthlyVolume });
const key = (revoked: boolean) => ({ keyId: 'mk_0', createdAt: '', lastUsedAt: null, revoked, revokedAt: null });

describe('merchant application form', () => {
  it('names every empty field at once, in the order the form shows them', () => {
    expect(applyProblems(draft(' ', '', '')).map((p) => [p.field, p.key])).toEqual([
      ['name', 'merchant.apply.error.nameEmpty'],
      ['contact', 'merchant.apply.error.contactEmpty'],
      ['monthlyVolume', 'merchant.apply.error.volumeEmpty'],
    ]);
  });

  it('holds the name and contact to 2 to 60 characters, trimmed, as the server does', () => {
    expect(applyProblems(draft('A', '张三 138', '100'))[0]).toMatchObject({ field: 'name', key: 'merchant.apply.error.nameLength' });
    expect(applyProblems(draft('卡行', 'x'.repeat(61), '100'))[0]).toMatchObject({
      field: 'contact',
      key: 'merchant.apply.error.contactLength',
    });
    expect(applyProblems(draft(' 卡行 ', '张三 13812345678', '100'))).toEqual([]);
  });

  it('takes a whole number of cards from 1 to 10,000,000 a month', () => {
    expect(applyProblems(draft('卡行', '张三', '0'))[0]?.key).toBe('merchant.apply.error.volumeRange');
    expect(applyProblems(draft('卡行', '张三', '10000001'))[0]?.key).toBe('merchant.apply.error.volumeRange');
    expect(applyProblems(draft('卡行', '张三', '10000000'))).toEqual([]);
    expect(volumeInput('0012a3.5')).toBe('1235');
    expect(volumeInput('123456789012')).toBe('12345678');
  });

  it('sends the trimmed texts and the volume as a number', () => {
    expect(applyRequest(draft(' 星河卡行 ', ' 王经理 13812345678 ', '5000'))).toEqual({
      name: '星河卡行',
      contact: '王经理 13812345678',
      monthlyVolume: 5000,
    });
  });
});

describe('callback address', () => {
  it('wants a full web address and leaves where it leads to the server', () => {
    expect(notifyUrlProblem('')).toBeNull();
    expect(notifyUrlProblem('https://shop.example/maika/callback')).toBeNull();
    expect(notifyUrlProblem('http://127.0.0.1:8787/callback')).toBeNull();
    expect(notifyUrlProblem('shop.example/callback')?.key).toBe('merchant.notify.error.format');
    expect(notifyUrlProblem(`https://shop.example/${'a'.repeat(500)}`)?.key).toBe('merchant.notify.error.tooLong');
  });

  it('counts only keys not revoked', () => {
    expect(activeKeyCount([key(false), key(true), key(false)])).toBe(2);
  });
});
