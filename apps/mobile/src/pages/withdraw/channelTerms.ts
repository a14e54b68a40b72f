/** How a withdrawal channel's limits and fee read on screen. */
import { formatFen, formatRateBp, withdrawalFeeFen, type Locale, payeeChannelTable } from '@maika/shared';
import type { WithdrawalChannel } from '@/api/endpoints/withdrawals';
import type { Translate } from '@/i18n';
import type { FeeOf } from './withdrawAmount';

export function feeOfChannel(channel: WithdrawalChannel): FeeOf {
  return (amountFen) => withdrawalFeeFen(channel, amountFen);
}

/** '¥10.00 – ¥50,000.00 each time'. */
export function limitsText(t: Translate, channel: WithdrawalChannel): string {
  return t('withdraw.channel.limits', { min: formatFen(channel.minFen), max: formatFen(channel.maxFen) });
}

/** 'Fee 1.00%, at least ¥1.00', 'Fee ¥2.00', or 'No fee'. */
export function feeText(t: Translate, channel: WithdrawalChannel): string {
  if (channel.feeBp === 0 && channel.feeMinFen === 0) return t('withdraw.channel.free');
  if (channel.feeBp === 0) return t('withdraw.channel.feeFlat', { min: formatFen(channel.feeMinFen) });
  if (channel.feeMinFen === 0) return t('withdraw.channel.feeRate', { rate: formatRateBp(channel.feeBp) });
  return t('withdraw.channel.feeRateMin', { rate: formatRateBp(channel.feeBp), min: formatFen(channel.feeMinFen) });
}

/** The channel's name in the user's language (the server's name is the fallback for a channel this build does not know). */
export function channelLabel(channel: number, locale: Locale, fallback = ''): string {
  return payeeChannelTable.byCode(channel)?.label[locale] ?? (fallback || String(channel));
}

/** The channel's colour from the shared table. */
export function channelColor(channel: number, fallback = '#909399'): string {
  const entry = payeeChannelTable.byCode(channel);
  return entry ? entry.color : fallback;
}
