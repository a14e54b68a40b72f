import { smsOutboxData, smsOutboxQuery } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { listOutbox } from '../otp';

/** Development aids; not registered in production. */
export default async function devRoutes(app: AppInstance) {
  app.get('/api/dev/smsOutbox', {
    schema: {
      tags: ['Development'],
      summary: 'Codes the SMS simulator sent to a phone, newest first (not in production)',
      querystring: smsOutboxQuery,
      response: { 200: envelope(smsOutboxData) },
    },
    handler: async (request) => {
      // Codes only: a notice sent meanwhile (a card credited) must not pass for the newest code.
      const { list } = await listOutbox(app.deps.database.db, { phone: request.query.phone, codesOnly: true, limit: 20, offset: 0 });
      return ok(list.map((m) => ({ phone: m.phone, code: m.code!, purpose: m.purpose, sentAt: m.sentAt.toISOString() })));
    },
  });
}
