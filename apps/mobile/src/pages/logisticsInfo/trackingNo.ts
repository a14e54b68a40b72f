import { TRACKING_NO_PATTERN } from '@maika/shared';

/** Letters and digits only, as carriers print them; spaces and dashes from a paste are dropped. */
export function trackingNoInput(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 30);
}

export function isTrackingNo(value: string): boolean {
  return TRACKING_NO_PATTERN.test(value);
}
