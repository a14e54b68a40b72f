import { isMainlandMobile, normalizePhone, OtpRules, SMS_CODE_PATTERN } from '@maika/shared';
import type { MessageKey } from '@/i18n';

/** What the phone field keeps of what was typed or pasted: the 11 digits, without +86, spaces or dashes. */
export function phoneInput(typed: string): string {
  return normalizePhone(typed).replace(/\D/g, '').slice(0, 11);
}

/** What the code field keeps: digits, at most the code length. */
export function codeInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, OtpRules.length);
}

export function phoneProblem(phone: string): MessageKey | null {
  return isMainlandMobile(phone) ? null : 'login.error.phone';
}

/** The first thing stopping a login, in the order the form reads. */
export function loginProblem(form: { phone: string; code: string; agreed: boolean }): MessageKey | null {
  return (
    phoneProblem(form.phone) ??
    (SMS_CODE_PATTERN.test(form.code) ? null : 'login.error.code') ??
    (form.agreed ? null : 'login.error.agreement')
  );
}
