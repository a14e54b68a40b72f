import { confirm } from '@/feedback';
import { t } from '@/i18n';
import { navigateTo } from '@/navigation';

/**
 * The server answered 333: payouts need a verified real name. Says so and offers the verification
 * page rather than leaving the user at a form that cannot succeed.
 */
export async function offerRealNameAuth(): Promise<void> {
  const go = await confirm({
    title: t('withdraw.realName.title'),
    content: t('withdraw.realName.content'),
    confirmText: t('withdraw.realName.confirm'),
    cancelText: t('common.cancel'),
  });
  if (go) await navigateTo('realNameAuth');
}
