import { APPEAL_REASON_MAX, APPEAL_REASON_MIN } from '@maika/shared';

/** Characters as the server counts them: the trimmed reason's UTF-16 length, as zod's min/max do. */
export function appealLength(reason: string): number {
  return reason.trim().length;
}

/** Whether the server will take this reason (5 to 200 characters once trimmed). */
export function appealReasonFits(reason: string): boolean {
  const length = appealLength(reason);
  return length >= APPEAL_REASON_MIN && length <= APPEAL_REASON_MAX;
}
