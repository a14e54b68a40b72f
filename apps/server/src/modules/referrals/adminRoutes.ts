import {
  adminRebateList,
  adminRebateQuery,
  adminReferralList,
  adminReferralQuery,
  rebateRateBody,
  rebateRateData,
  rolesFor,
} from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import type { AdminRole } from '../../db/schema';
import { envelope, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import { getAdminRebates, getAdminReferrals, setRebateRate } from './adminService';

const tags = ['Admin referrals'];
const security = [{ admin: [] }];
const readers: readonly AdminRole[] = rolesFor('referrals', 'list');

/** Who referred whom and the rebates paid (administrators and finance); the rate (administrators). */
export default async function adminReferralRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/admin/referrals', {
    config: { roles: readers },
    schema: {
      tags,
      security,
      summary: 'Referees with their referrer, newest first; filter by the referrer phone',
      querystring: adminReferralQuery,
      response: { 200: envelope(adminReferralList) },
    },
    handler: async (request) => ok(await getAdminReferrals(deps, request.query)),
  });

  app.get('/api/admin/rebates', {
    config: { roles: readers },
    schema: {
      tags,
      security,
      summary: 'Rebates by status, referrer or referee phone and date, newest first',
      querystring: adminRebateQuery,
      response: { 200: envelope(adminRebateList) },
    },
    handler: async (request) => ok(await getAdminRebates(deps, request.query)),
  });

  app.put('/api/admin/settings/rebateRate', {
    config: { roles: rolesFor('referrals', 'edit'), audit: 'settings.rebateRate' },
    schema: {
      tags,
      security,
      summary: 'Set the rebate rate (0 to 3000 bp) for cards credited from now on',
      body: rebateRateBody,
      response: { 200: envelope(rebateRateData) },
    },
    handler: async (request) => {
      const { rateBp } = await setRebateRate(deps, request.body.rateBp, auditOf(request, { type: 'settings', id: 'rebateRateBp' }));
      return ok({ rateBp });
    },
  });
}
