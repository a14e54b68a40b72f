import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { publicBaseUrl } from '../../http/publicUrl';
import { getLevelUsers, getShareDetails, getShareInfo } from './service';

const tags = ['Share'];
const calls = contract.referrals;

export default async function referralRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.info, {
    tags,
    summary: 'Invite code and link, rebate rate, referee count and rebate totals',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await getShareInfo(deps, userId, publicBaseUrl(app, request)));
    },
  });

  route(app, calls.levelUsers, {
    tags,
    summary: "The caller's direct referees, newest first",
    handler: async (request) => ok(await getLevelUsers(deps, (await requireUser(deps, request)).userId, request.query, localeOf(request))),
  });

  route(app, calls.details, {
    tags,
    summary: "The caller's rebates, one per credited card of a referee, newest first",
    handler: async (request) =>
      ok(await getShareDetails(deps, (await requireUser(deps, request)).userId, request.query, localeOf(request))),
  });
}
