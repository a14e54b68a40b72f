/**
 * Mainland China mobile numbers and masking of personal data for display.
 */
import { z } from 'zod';

/** 11 digits, starting 13–19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * The phone schema's message. Like every schema message in this package it is phrased to follow
 * the field name, which the server puts in front ("phone: must be …").
 */
export const PHONE_ERROR = 'must be an 11-digit mainland China mobile number';

export function isMainlandMobile(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/**
 * Cleans what a user typed or pasted: NFKC (full-width digits), spaces and dashes removed, and a
 * leading +86 / 0086 / 86 country code dropped when 11 digits follow it. Does not validate.
 */
export function normalizePhone(input: string): string {
  const s = input.normalize('NFKC').replace(/[\s\-()]/gu, '');
  const m = /^(?:\+86|0086|86)(\d{11})$/.exec(s);
  return m ? m[1]! : s;
}

/** Mainland China mobile number (surrounding whitespace trimmed). */
export const phoneSchema = z.string({ error: PHONE_ERROR }).trim().regex(PHONE_PATTERN, { error: PHONE_ERROR });

/**
 * Keeps `keepStart` leading and `keepEnd` trailing characters and masks the rest with '*', one
 * per hidden character. When that would hide nothing, everything is masked.
 */
export function maskMiddle(value: string, keepStart: number, keepEnd: number): string {
  const chars = [...value];
  if (chars.length <= keepStart + keepEnd) return '*'.repeat(chars.length);
  return chars.slice(0, keepStart).join('') + '*'.repeat(chars.length - keepStart - keepEnd) + chars.slice(chars.length - keepEnd).join('');
}

/** '13812345678' → '138****5678'. */
export function maskPhone(phone: string): string {
  return maskMiddle(phone.trim(), 3, 4);
}

/** Resident ID number: first 3 and last 4 visible, '110101199003077777' → '110***********7777'. */
export function maskIdNumber(idNumber: string): string {
  return maskMiddle(idNumber.trim(), 3, 4);
}

/**
 * A real name with its first character hidden, as Chinese payment apps show names: 张三丰 → *三丰.
 * Counted in code points, so a character outside the BMP (𠮷) is hidden or kept whole, never split.
 */
export function maskRealName(name: string): string {
  return `*${[...name].slice(1).join('')}`;
}

/** Hidden characters shown as this one run, whatever their number, so a long number stays short. */
const HIDDEN_RUN = '****';

/**
 * Card number (a gift card's or a bank card's): the first 3 and the last 4 visible, as phone numbers
 * show, around one run of four stars, '6222021234567890' → '622****7890', so every number fits one
 * width of a list. One too short to hide 4 characters between its ends keeps only its last 4.
 */
export function maskCardNumber(cardNumber: string): string {
  const chars = [...cardNumber.replace(/\s+/gu, '')];
  if (chars.length < 3 + HIDDEN_RUN.length + 4) return maskMiddle(chars.join(''), 0, 4);
  return chars.slice(0, 3).join('') + HIDDEN_RUN + chars.slice(-4).join('');
}

/** A card password's mask: only its last 4 after the stars, and those only when 8 or more stay hidden. */
export function maskCardPassword(cardPassword: string): string {
  const chars = [...cardPassword];
  return chars.length >= 12 ? HIDDEN_RUN + chars.slice(-4).join('') : HIDDEN_RUN;
}
