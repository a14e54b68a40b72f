/**
 * Mainland resident identity card numbers (GB 11643-1999) and the names on them, checked the same
 * way by the mobile form and the server before a face verification is paid for.
 */
import { z } from 'zod';
import { L, type LocalizedText } from './i18n';

/** First two digits: provinces, autonomous regions and municipalities, plus 71 Taiwan, 81 Hong Kong, 82 Macao, 83 the residence permits of Taiwan residents. */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82,
  83,
]);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

export const ID_MIN_AGE = 16;
export const ID_MAX_AGE = 120;

export type IdNumberProblem = 'format' | 'region' | 'birthDate' | 'futureBirthDate' | 'age' | 'checksum';

export type IdNumberCheck =
  | { ok: true; /** upper-case, as stored and sent to the provider */ value: string; birthDate: string }
  | { ok: false; problem: IdNumberProblem; message: LocalizedText };

/** Schema-style reasons (they follow the field name, "idNum: must be …"); reasons.ts has their Chinese. */
export const idNumberReasons: Readonly<Record<IdNumberProblem, string>> = {
  format: 'must be 18 characters: 17 digits and a last digit or X',
  region: 'does not start with a real province code; check the first two digits',
  birthDate: 'has no real birth date in digits 7 to 14; check them',
  futureBirthDate: 'has a birth date in the future; check digits 7 to 14',
  age: `must belong to someone aged ${ID_MIN_AGE} to ${ID_MAX_AGE}`,
  checksum: 'fails its check digit; check every digit again',
};

const messages: Readonly<Record<IdNumberProblem, LocalizedText>> = {
  format: L('身份证号应为18位：17位数字加1位数字或X', 'The ID number must be 18 characters: 17 digits and a last digit or X'),
  region: L('身份证号前两位不是有效的省份代码，请核对', 'The first two digits of the ID number are not a real province code; check them'),
  birthDate: L('身份证号第7至14位不是有效的出生日期，请核对', 'Digits 7 to 14 of the ID number are not a real birth date; check them'),
  futureBirthDate: L(
    '身份证号中的出生日期晚于今天，请核对第7至14位',
    'The birth date in the ID number is in the future; check digits 7 to 14',
  ),
  age: L(
    `仅支持${ID_MIN_AGE}至${ID_MAX_AGE}周岁的用户进行实名认证`,
    `Real-name verification is open to people aged ${ID_MIN_AGE} to ${ID_MAX_AGE} only`,
  ),
  checksum: L('身份证号校验位不正确，请逐位核对', 'The check digit of the ID number does not match; check every digit again'),
};

const fail = (problem: IdNumberProblem): IdNumberCheck => ({ ok: false, problem, message: messages[problem] });

/** The GB 11643 check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Whole years between a birth date and `today`, counted in local calendar dates. */
function ageOn(year: number, month: number, day: number, today: Date): number {
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return today.getFullYear() - year - (beforeBirthday ? 1 : 0);
}

/**
 * Checks an 18-character ID number: shape, province code, a real birth date not after `today`,
 * an age from 16 to 120, and the check character (a lower-case x is accepted). Surrounding
 * whitespace is ignored; full-width characters are folded first.
 */
export function checkIdNumber(input: string, today: Date = new Date()): IdNumberCheck {
  const value = input.normalize('NFKC').trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(value)) return fail('format');
  if (!PROVINCE_CODES.has(Number(value.slice(0, 2)))) return fail('region');
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1800 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return fail('birthDate');
  }
  const todayKey = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (year * 10000 + month * 100 + day > todayKey) return fail('futureBirthDate');
  const age = ageOn(year, month, day, today);
  if (age < ID_MIN_AGE || age > ID_MAX_AGE) return fail('age');
  if (idCheckChar(value.slice(0, 17)) !== value[17]) return fail('checksum');
  return { ok: true, value, birthDate: value.slice(6, 14) };
}

/** Middle dots people type for the separator in names such as 买买提·艾力, folded to U+00B7. */
const NAME_DOTS = /[•・．.·‧∙⋅]/gu;

export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 30;
export const REAL_NAME_REASON = 'must be the name on the ID card: 2 to 30 Chinese characters (a · may separate parts)';

/** The name as it is printed on the card: Chinese characters, parts separated by '·'. */
export function normalizeRealName(input: string): string {
  return input.normalize('NFKC').replace(/\s+/gu, '').replace(NAME_DOTS, '·');
}

export function isRealName(name: string): boolean {
  const length = [...name].length;
  return length >= REAL_NAME_MIN && length <= REAL_NAME_MAX && /^\p{Script=Han}+(?:·\p{Script=Han}+)*$/u.test(name);
}

export const realNameSchema = z
  .string({ error: 'is required' })
  .transform(normalizeRealName)
  .refine(isRealName, { error: REAL_NAME_REASON });

export const idNumberSchema = z.string({ error: 'is required' }).transform((input, ctx) => {
  const result = checkIdNumber(input);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: idNumberReasons[result.problem], params: { reason: result.problem } });
    return z.NEVER;
  }
  return result.value;
});
