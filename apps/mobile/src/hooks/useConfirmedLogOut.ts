import { useLogOut } from '@/api/queries/user';
import { confirm, toast } from '@/feedback';
import { useT } from '@/i18n';

/** Logout as the person tab and Settings both offer it: asked first, then confirmed with a toast. */
export function useConfirmedLogOut(): () => Promise<void> {
  const t = useT();
  const logOut = useLogOut();
  return async () => {
    const confirmed = await confirm({
      title: t('person.logout'),
      content: t('person.logout.confirm'),
      confirmText: t('person.logout'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) logOut.mutate(undefined, { onSettled: () => toast(t('person.logout.done')) });
  };
}
