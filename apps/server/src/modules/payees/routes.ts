import { banks, deletePayeeBody, deletePayeeData, openBankList, payeeList, savePayeeBody, savePayeeData } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { deletePayee, getPayees, savePayee } from './service';

const tags = ['Payee'];
const security = [{ token: [] }];

export default async function payeeRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/user/getOpenBank', {
    schema: { tags, security, summary: 'Banks a withdrawal can go to', response: { 200: envelope(openBankList) } },
    handler: async (request) => {
      await requireUser(deps, request);
      return ok({ list: banks.map(({ code, name }) => ({ code, name })) });
    },
  });

  app.get('/api/user/getPayeeList', {
    schema: { tags, security, summary: "The user's payee accounts (masked)", response: { 200: envelope(payeeList) } },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ list: await getPayees(deps, userId) });
    },
  });

  app.post('/api/user/savePayee', {
    schema: {
      tags,
      security,
      summary: 'Create or replace the payee of a channel (needs a verified real name: 333 otherwise)',
      body: savePayeeBody,
      response: { 200: envelope(savePayeeData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ payee: await savePayee(deps, userId, request.body) });
    },
  });

  app.post('/api/user/deletePayee', {
    schema: {
      tags,
      security,
      summary: 'Delete a payee (refused while a withdrawal in progress uses it)',
      body: deletePayeeBody,
      response: { 200: envelope(deletePayeeData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      await deletePayee(deps, userId, request.body.id);
      return ok({});
    },
  });
}
