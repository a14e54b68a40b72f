/**
 * Subscribe messages of the mini-programs: a one-time message the user accepted in the app
 * (WeChat subscribeMessage, Alipay template message), shown in the platform's service notices.
 */
import type { Locale, MiniProgramPlatform } from '@maika/shared';
import type { NoticeResult } from '../notice';

/** The kinds of a template field, as WeChat names them. Alipay's keywords take the same values. */
export type FieldKind = 'thing' | 'character_string' | 'amount' | 'time' | 'phrase';

export interface TemplateField {
  kind: FieldKind;
  value: string;
}

export interface SubscribeMessage {
  /** The user's id on the platform: the WeChat openid, or the Alipay user id (2088…) or open id. */
  toUser: string;
  templateId: string;
  /** The mini-program page it opens, without a leading slash; null for none. */
  page: string | null;
  /**
   * The template's fields in order: WeChat names them by kind and position (thing1, amount2 …),
   * Alipay by position (keyword1, keyword2 …).
   */
  fields: readonly TemplateField[];
  locale: Locale;
}

export interface SubscribeMessageSender {
  readonly name: string;
  send(message: SubscribeMessage): Promise<NoticeResult>;
}

export type SubscribeMessageSenders = Record<MiniProgramPlatform, SubscribeMessageSender>;

/** WeChat's longest value per kind (characters); a longer one is refused (47003), so it is cut with an ellipsis. */
const LIMITS: Record<FieldKind, number> = { thing: 20, character_string: 32, amount: 32, time: 32, phrase: 5 };

/** The field's value as the platform accepts it. */
export function fitField(field: TemplateField): string {
  const chars = Array.from(field.value.replace(/\s+/g, ' ').trim());
  const limit = LIMITS[field.kind];
  if (chars.length <= limit) return chars.join('');
  // character_string takes letters, digits and symbols only: an ellipsis would be refused there.
  return field.kind === 'character_string' ? chars.slice(0, limit).join('') : `${chars.slice(0, limit - 1).join('')}…`;
}
