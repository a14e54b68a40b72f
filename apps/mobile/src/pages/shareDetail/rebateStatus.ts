/** How a rebate's status reads: its label key and colour. */
import { colorHex, type RebateStatus, type SemanticColor } from '@maika/shared';
import type { MessageKey } from '@/i18n';

/** Credited is money in (green); a reversal still owed is a warning; a finished reversal is history (gray). */
const statusColors: Readonly<Record<RebateStatus, SemanticColor>> = {
  credited: 'green',
  reversed: 'gray',
  reversal_pending: 'warn',
};

export function rebateStatusColor(status: RebateStatus): string {
  return colorHex(statusColors[status]);
}

export function rebateStatusLabelKey(status: RebateStatus): MessageKey {
  return `shareDetail.status.${status}`;
}
