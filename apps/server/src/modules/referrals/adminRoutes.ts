import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { getAdminRebates, getAdminReferrals, setRebateRate } from './adminService';

const tags = ['Admin referrals'];
const calls = contract.referrals;

/** Who referred whom and the rebates paid (administrators and finance); the rate (administrators). */
export default async function adminReferralRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.adminReferrals, {
    tags,
    summary: 'Referees with their referrer, newest first; filter by the referrer phone',
    handler: async (request) => ok(await getAdminReferrals(deps, request.query, localeOf(request))),
  });

  route(app, calls.adminRebates, {
    tags,
    summary: 'Rebates by status, referrer or referee phone and date, newest first',
    handler: async (request) => ok(await getAdminRebates(deps, request.query)),
  });

  route(app, calls.setRebateRate, {
    tags,
    summary: 'Set the rebate rate (0 to 3000 bp) for cards credited from now on',
    audit: 'settings.rebateRate',
    handler: async (request) => {
      const { rateBp } = await setRebateRate(deps, request.body.rateBp, auditOf(request, { type: 'settings', id: 'rebateRateBp' }));
      return ok({ rateBp });
    },
  });
}
