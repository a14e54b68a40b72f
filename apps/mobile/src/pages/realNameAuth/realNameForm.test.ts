import { idCheckChar } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { idNumberInput, idNumberProblem, realNameProblem } from './realNameForm';

/** A valid number for someone born on 1990-03-07 in Beijing, its check character computed. */
const first17 = '11010119900307001';
const validId = first17 + idCheckChar(first17);

describe('real-name form', () => {
  it('keeps digits and X of what was typed or pasted, at most 18, x raised', () => {
    expect(idNumberInput('1101 0119-9003 0700 1x')).toBe('11010119900307001X');
    expect(idNumberInput('１１０１０１')).toBe('110101');
    expect(idNumberInput(`${validId}999`)).toBe(validId);
  });

  it('says nothing while a number is still being typed', () => {
    expect(idNumberProblem('110101199', 'zh-CN')).toBeNull();
  });

  it('says at once when an X is typed before the last place', () => {
    expect(idNumberProblem('1101X1', 'zh-CN')).toContain('18位');
    expect(idNumberProblem('1101X1', 'en-US')).toContain('18 characters');
  });

  it('checks the whole number once 18 characters are there, in the user’s language', () => {
    expect(idNumberProblem(validId, 'zh-CN')).toBeNull();
    const wrongCheck = first17 + (idCheckChar(first17) === '0' ? '1' : '0');
    expect(idNumberProblem(wrongCheck, 'zh-CN')).toContain('校验位');
    expect(idNumberProblem(wrongCheck, 'en-US')).toContain('check digit');
    expect(idNumberProblem('991010199003070010', 'zh-CN')).toContain('省份');
  });

  it('names a number that is too short when the form is submitted', () => {
    expect(idNumberProblem('110101199', 'zh-CN', true)).toContain('18位');
    expect(idNumberProblem('', 'en-US', true)).toContain('18 characters');
  });

  it('accepts the name on the ID card, with a middle dot between parts', () => {
    expect(realNameProblem('张三')).toBeNull();
    expect(realNameProblem('买买提 • 艾力')).toBeNull();
    expect(realNameProblem('张')).toBe('realName.error.name');
    expect(realNameProblem('Zhang San')).toBe('realName.error.name');
  });
});
