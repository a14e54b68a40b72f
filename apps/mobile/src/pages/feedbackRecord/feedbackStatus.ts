/** A feedback's status (docs/product.md "Feedback"): pending waits (warn), accepted is done (green), rejected is a no (danger). */
import { colorHex, FeedbackStatus, type SemanticColor } from '@maika/shared';

const statusColors: Readonly<Record<number, SemanticColor>> = {
  [FeedbackStatus.Pending]: 'warn',
  [FeedbackStatus.Accepted]: 'green',
  [FeedbackStatus.Rejected]: 'danger',
};

export function feedbackStatusColor(status: number): string {
  return colorHex(statusColors[status] ?? 'gray');
}
