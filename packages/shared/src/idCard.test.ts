import { describe, expect, it } from 'vitest';
import { checkIdNumber, idCheckChar, idNumberSchema, isRealName, normalizeRealName, realNameSchema } from './idCard';

const today = new Date(2025, 5, 15); // 15 June 2025, local time
/** A valid number for a region and birth date, its check character computed. */
const idFor = (region: string, birth: string, seq = '123') => `${region}${birth}${seq}${idCheckChar(`${region}${birth}${seq}`)}`;

describe('resident ID numbers (GB 11643)', () => {
  it('accepts a valid number and the published sample', () => {
    expect(checkIdNumber('11010519491231002X', today)).toEqual({ ok: true, value: '11010519491231002X', birthDate: '19491231' });
    expect(checkIdNumber(idFor('440305', '19900307'), today).ok).toBe(true);
  });

  it('accepts a lower-case x and stores it upper-case', () => {
    expect(checkIdNumber('11010519491231002x', today)).toMatchObject({ ok: true, value: '11010519491231002X' });
  });

  it('refuses a wrong check character', () => {
    expect(checkIdNumber('110105194912310021', today)).toMatchObject({ ok: false, problem: 'checksum' });
  });

  it.each([
    ['', 'format'],
    ['11010519491231002', 'format'],
    ['1101051949123100211', 'format'],
    ['11010519491231002Y', 'format'],
    [idFor('990105', '19900101'), 'region'],
    [idFor('110105', '19900230'), 'birthDate'],
    [idFor('110105', '19901301'), 'birthDate'],
    [idFor('110105', '20250616'), 'futureBirthDate'],
    [idFor('110105', '20100101'), 'age'],
    [idFor('110105', '19000101'), 'age'],
  ])('%j is refused: %s', (value, problem) => {
    const result = checkIdNumber(value, today);
    expect(result).toMatchObject({ ok: false, problem });
    if (!result.ok) expect(result.message['zh-CN']).not.toBe('');
  });

  it('counts age by birthday: 16 on the day, not the day before', () => {
    expect(checkIdNumber(idFor('110105', '20090615'), today).ok).toBe(true);
    expect(checkIdNumber(idFor('110105', '20090616'), today)).toMatchObject({ ok: false, problem: 'age' });
  });

  it('the schema normalises and says what is wrong', () => {
    expect(idNumberSchema.parse(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(idNumberSchema.safeParse('110105194912310021').error!.issues[0]!.message).toBe('fails its check digit; check every digit again');
  });
});

describe('real names', () => {
  it('accepts Chinese names, with a middle dot between parts', () => {
    expect(realNameSchema.parse('张三')).toBe('张三');
    expect(realNameSchema.parse('买买提•艾力')).toBe('买买提·艾力');
    expect(normalizeRealName(' 阿 依 古 丽 ')).toBe('阿依古丽');
  });

  it.each(['张', 'Zhang San', '张三1', '·张三', '张··三', '张'.repeat(31)])('refuses %j', (name) => {
    expect(isRealName(normalizeRealName(name))).toBe(false);
  });
});
