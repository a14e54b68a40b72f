/**
 * The face verification simulator's page (FACE_PROVIDER=sim only, never in production). Outside
 * /api so a plain browser or the Alipay app can open it without the device header.
 */
import { pickLocale } from '@maika/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { SIM_FACE_PATH, decideSimSession, findSimSession } from '../../providers/face/sim';
import { simFaceDonePage, simFaceMissingPage, simFacePage } from './simFaceView';

const params = z.object({ certifyId: z.string().max(64) });
const outcomeBody = z.object({ outcome: z.enum(['passed', 'failed']) });

const localeOf = (request: FastifyRequest) => pickLocale(request.headers['accept-language']);
const html = (reply: FastifyReply, status: number, page: string) => reply.code(status).type('text/html; charset=utf-8').send(page);

export default async function simFaceRoutes(app: AppInstance) {
  const db = app.deps.database.db;
  // The page's buttons are plain HTML forms: no script needed on the phone.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(`${SIM_FACE_PATH}/:certifyId`, { schema: { hide: true, params } }, async (request, reply) => {
    const session = await findSimSession(db, request.params.certifyId);
    const locale = localeOf(request);
    if (!session) return html(reply, 404, simFaceMissingPage(locale));
    if (session.outcome) return html(reply, 200, simFaceDonePage(locale, session.outcome, true));
    return html(reply, 200, simFacePage(locale, session.certifyId, session.nameMasked));
  });

  app.post(`${SIM_FACE_PATH}/:certifyId`, { schema: { hide: true, params, body: outcomeBody } }, async (request, reply) => {
    const { certifyId } = request.params;
    const locale = localeOf(request);
    if (!(await findSimSession(db, certifyId))) return html(reply, 404, simFaceMissingPage(locale));
    await decideSimSession(db, certifyId, request.body.outcome);
    const session = (await findSimSession(db, certifyId))!;
    return html(reply, 200, simFaceDonePage(locale, session.outcome!, session.outcome !== request.body.outcome));
  });
}
