import type { MessageKey } from '@/i18n';

/** updateInfoBody in @maika/shared: 1 to 20 characters after trimming. */
export const NICKNAME_MAX_LENGTH = 20;

export function nicknameProblem(draft: string): MessageKey | null {
  const nickname = draft.trim();
  if (nickname === '') return 'personInfo.nickname.empty';
  // Counted as the server counts: UTF-16 units.
  if (nickname.length > NICKNAME_MAX_LENGTH) return 'personInfo.nickname.tooLong';
  return null;
}
