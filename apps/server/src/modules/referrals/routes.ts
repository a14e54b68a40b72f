import { levelUserList, levelUsersQuery, shareDetailList, shareDetailsQuery, shareInfo } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { envelope, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { publicBaseUrl } from '../../http/publicUrl';
import { getLevelUsers, getShareDetails, getShareInfo } from './service';

const tags = ['Share'];
const security = [{ token: [] }];

export default async function shareRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/share/getInfo', {
    schema: {
      tags,
      security,
      summary: 'Invite code and link, rebate rate, referee count and rebate totals',
      response: { 200: envelope(shareInfo) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await getShareInfo(deps, userId, publicBaseUrl(app, request)));
    },
  });

  app.get('/api/share/levelUsers', {
    schema: {
      tags,
      security,
      summary: "The caller's direct referees, newest first",
      querystring: levelUsersQuery,
      response: { 200: envelope(levelUserList) },
    },
    handler: async (request) => ok(await getLevelUsers(deps, (await requireUser(deps, request)).userId, request.query)),
  });

  app.get('/api/share/details', {
    schema: {
      tags,
      security,
      summary: "The caller's rebates, one per credited card of a referee, newest first",
      querystring: shareDetailsQuery,
      response: { 200: envelope(shareDetailList) },
    },
    handler: async (request) => ok(await getShareDetails(deps, (await requireUser(deps, request)).userId, request.query)),
  });
}
