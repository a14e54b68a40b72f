import { useRef } from 'react';
import { recordSubscribeConsent, type SubscribeTemplatesData } from '@/api/endpoints/messages';
import { useSubscribeTemplates } from '@/api/queries/messages';
import { miniProgramPlatformOf } from '@/auth/miniProgramLogin';
import { askSubscribeConsent } from '@/platform/subscribeConsent';

/** The tap a consent is asked in: submitting cards asks for the card messages, withdrawing for the withdrawal ones. */
export type ConsentTap = keyof SubscribeTemplatesData;

const platform = miniProgramPlatformOf(process.env.TARO_ENV);

/**
 * The subscribe-message consent of a mini-program tap (docs/product.md "Messages"): the template ids
 * are fetched when the page loads, and the returned function, called inside the tap, asks for them
 * at once and then runs `proceed` (the submission or withdrawal) whatever the user answered. The
 * accepted ids are stored beside it; a refusal or an error never holds `proceed` back. On H5, and
 * when the platform has the channel off, `proceed` runs at once.
 */
export function useSubscribeConsent(tap: ConsentTap): (proceed: () => void) => void {
  const templates = useSubscribeTemplates(platform);
  const asking = useRef(false);
  return (proceed) => {
    const ids = templates()?.[tap] ?? [];
    if (platform === null || ids.length === 0) {
      proceed();
      return;
    }
    // One request at a time: a second tap while the first is on screen would ask twice.
    if (asking.current) return;
    asking.current = true;
    void askSubscribeConsent(ids).then((accepted) => {
      asking.current = false;
      // Sent ahead of the submission, not awaited (its failure must not hold the submission back):
      // the cards or the payout are decided, and their messages recorded, only later.
      if (accepted.length > 0) recordSubscribeConsent(platform, accepted).catch(() => undefined);
      proceed();
    });
  };
}
