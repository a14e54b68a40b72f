import { adminSetupRoute, type AnswerOf, type operatorContract } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { App, Typography } from 'antd';
import { DateTime } from '../../components/display';

/** What an operator-account change answers: done (with a set-up code after a creation or a reset) or waiting. */
export type AccountChange = AnswerOf<typeof operatorContract.createAdmin>;
export type AccountSetup = NonNullable<AccountChange['setup']>;

/** The set-up link on this console, wherever it is served. */
export const setupLinkOf = (code: string) => `${window.location.origin}${window.location.pathname}#${adminSetupRoute(code)}`;

/** The one place a set-up link is shown: once, to the administrator who must hand it to the operator. */
export function SetupLink({ setup }: { setup: AccountSetup }) {
  const t = useTranslate();
  return (
    <>
      <Typography.Paragraph>{t('admins.setupIntro', { name: setup.username })}</Typography.Paragraph>
      <Typography.Paragraph copyable code data-testid="setup-link">
        {setupLinkOf(setup.code)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('admins.setupExpires')} <DateTime value={setup.expiresAt} />
      </Typography.Paragraph>
    </>
  );
}

/** Tells the administrator what an account change did: the set-up link to hand over, or the request waiting. */
export function useAccountChangeResult() {
  const t = useTranslate();
  const { modal } = App.useApp();
  return (change: { setup: AccountSetup | null; approvalId?: number | null }) => {
    if (change.setup) {
      modal.info({ title: t('admins.setupTitle'), width: 640, content: <SetupLink setup={change.setup} />, okText: t('buttons.confirm') });
    } else if (change.approvalId) {
      modal.info({
        title: t('admins.pendingTitle'),
        content: t('admins.pending', { id: change.approvalId }),
        okText: t('buttons.confirm'),
      });
    }
  };
}
