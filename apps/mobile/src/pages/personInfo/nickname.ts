import { nicknameTooLong } from '@maika/shared';
import type { MessageKey } from '@/i18n';

export function nicknameProblem(draft: string): MessageKey | null {
  const nickname = draft.trim();
  if (nickname === '') return 'personInfo.nickname.empty';
  // Counted as the server counts: user-perceived characters, so an emoji is one.
  if (nicknameTooLong(nickname)) return 'personInfo.nickname.tooLong';
  return null;
}
