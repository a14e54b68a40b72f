/**
 * What a vendor made of one message to a seller (an SMS notice, a subscribe message), in the terms
 * the delivery worker acts on (modules/messages): sent; refused by the person or the platform's
 * rules for them, never tried again; retryable, because nothing reached the vendor or it said it
 * was busy; failed, anything else, kept with the vendor's answer for support.
 */
export type NoticeStatus = 'sent' | 'refused' | 'retryable' | 'failed';

export interface NoticeResult {
  status: NoticeStatus;
  /** The vendor's answer (its code and message) or why nothing was sent; never a card secret. */
  answer: string;
}

/** Errors raised before a request left this machine: no connection was made, so nothing was sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * True when the error (or one it wraps) says no connection was made. A time-out or a reset is not:
 * the vendor may have sent the message, and sending it again could deliver it twice.
 */
export function neverConnected(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_CONNECTED.has(code)) return true;
    const errors = (e as { errors?: unknown }).errors;
    // Happy eyeballs tries every address and reports them together.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => neverConnected(inner))) return true;
  }
  return false;
}

/** What the vendor's HTTP status alone says: 5xx is the vendor's trouble and worth another try. */
export const busyStatus = (status: number): boolean => status >= 500;
