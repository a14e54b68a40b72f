/** How a feedback's status reads: SPEC.md §4 gives no colours, so pending waits (warn), accepted is done (green), rejected is a no (danger). */
import { colorHex, FeedbackStatus, type SemanticColor } from '@maika/shared';

const statusColors: Readonly<Record<number, SemanticColor>> = {
  [FeedbackStatus.Pending]: 'warn',
  [FeedbackStatus.Accepted]: 'green',
  [FeedbackStatus.Rejected]: 'danger',
};

export function feedbackStatusColor(status: number): string {
  return colorHex(statusColors[status] ?? 'gray');
}
