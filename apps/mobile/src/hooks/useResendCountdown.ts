import { useCallback, useEffect, useState } from 'react';
import { cache, type CachedValue, type LastLoginSms } from '@/storage/cache';

function secondsUntil(epochMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((epochMs - nowMs) / 1000));
}

/**
 * Seconds until another code may be sent to `phone`. It counts from the stored time the last code
 * went out (`lastSent`: login codes unless told otherwise), so leaving the page or reloading does
 * not reset it.
 */
export function useResendCountdown(
  phone: string,
  lastSent: CachedValue<LastLoginSms> = cache.lastLoginSms,
): { secondsLeft: number; restart(): void } {
  const [lastSms, setLastSms] = useState(() => lastSent.read());
  const [nowMs, setNowMs] = useState(() => Date.now());
  const secondsLeft = lastSms && lastSms.phone === phone ? secondsUntil(lastSms.resendAtMs, nowMs) : 0;
  const counting = secondsLeft > 0;

  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  /** Re-reads the stored time after a code was sent. */
  const restart = useCallback(() => {
    setLastSms(lastSent.read());
    setNowMs(Date.now());
  }, [lastSent]);

  return { secondsLeft, restart };
}

/** The phone a code is still counting down for, to fill the form again after a reload. */
export function phoneAwaitingCode(): string {
  const lastSms = cache.lastLoginSms.read();
  return lastSms && lastSms.resendAtMs > Date.now() ? lastSms.phone : '';
}
