import { banks, contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { deletePayee, getPayees, savePayee } from './service';

const tags = ['Payee'];
const calls = contract.payees;

export default async function payeeRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.banks, {
    tags,
    summary: 'Banks a withdrawal can go to',
    handler: async (request) => {
      await requireUser(deps, request);
      return ok({ list: banks.map(({ code, name }) => ({ code, name })) });
    },
  });

  route(app, calls.list, {
    tags,
    summary: "The user's payee accounts (masked)",
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ list: await getPayees(deps, userId) });
    },
  });

  route(app, calls.save, {
    tags,
    summary: 'Create or replace the payee of a channel (needs a verified real name: 333 otherwise)',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ payee: await savePayee(deps, userId, request.body) });
    },
  });

  route(app, calls.delete, {
    tags,
    summary: 'Delete a payee (refused while a withdrawal in progress uses it)',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      await deletePayee(deps, userId, request.body.id);
      return ok({});
    },
  });
}
