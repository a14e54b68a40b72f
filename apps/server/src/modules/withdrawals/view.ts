/** What the withdrawal services hand out, in the reader's language: rendered at the edge, by the routes. */
import { renderStoredText, type Locale, type WithdrawalChannel, type WithdrawalRecord } from '@maika/shared';
import { message } from '../../http/envelope';
import type { ChannelView, WithdrawalView } from './service';

export function inLanguage<R extends WithdrawalRecord>(view: WithdrawalView<R>, locale: Locale): R {
  return { ...view, failReason: view.failReason === null ? null : renderStoredText(view.failReason, locale) } as R;
}

export function channelIn(view: ChannelView, locale: Locale): WithdrawalChannel {
  return { ...view, notice: view.notice === null ? null : message(view.notice, locale) };
}
