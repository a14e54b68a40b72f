import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { cancelAccount } from './service';

const tags = ['Authentication'];

export default async function cancellationRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/Authentication/cancel', {
    schema: { tags, summary: 'Cancel the account (refused while money or open items remain)', response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      const session = await requireUser(deps, request);
      await cancelAccount(deps, session.userId);
      return ok(null);
    },
  });
}
