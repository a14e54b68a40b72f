import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { cancelAccount } from './service';

const tags = ['Authentication'];

export default async function cancellationRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, contract.accounts.cancel, {
    tags,
    summary: 'Cancel the account (refused while money or open items remain)',
    handler: async (request) => {
      const session = await requireUser(deps, request);
      await cancelAccount(deps, session.userId);
      return ok(null);
    },
  });
}
