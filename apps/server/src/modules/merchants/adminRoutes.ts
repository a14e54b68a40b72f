import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, ok } from '../../http/envelope';
import { auditOf } from '../audit';
import {
  decideMerchantStatus,
  getMerchantForAdmin,
  listMerchantsForAdmin,
  merchantCallbacksForAdmin,
  merchantRates,
  resendCallbackForAdmin,
  saveMerchantRates,
} from './adminService';

const tags = ['Admin merchants'];
const calls = contract.merchants;

/** Merchants in the back office: applications, suspensions, rates and callbacks. */
export default async function adminMerchantRoutes(app: AppInstance) {
  const { deps } = app;
  const target = (id: number) => ({ type: 'merchant', id });

  route(app, calls.adminList, {
    tags,
    summary: 'Merchants by status, phone and name, newest application first',
    handler: async (request) => ok(await listMerchantsForAdmin(deps, request.query)),
  });

  route(app, calls.adminDetail, {
    tags,
    summary: 'One merchant with its keys (never their secrets)',
    handler: async (request) => ok(await getMerchantForAdmin(deps, request.params.id)),
  });

  route(app, calls.approve, {
    tags,
    summary: 'Approve a waiting application: the merchant may then create keys and sign requests',
    audit: 'merchant.approve',
    handler: async (request) =>
      ok(await decideMerchantStatus(deps, request.params.id, 'approve', null, auditOf(request, target(request.params.id)))),
  });

  route(app, calls.refuse, {
    tags,
    summary: 'Refuse a waiting application, saying why (the applicant reads it and may apply again)',
    audit: 'merchant.refuse',
    handler: async (request) =>
      ok(await decideMerchantStatus(deps, request.params.id, 'refuse', request.body.reason, auditOf(request, target(request.params.id)))),
  });

  route(app, calls.suspend, {
    tags,
    summary: 'Suspend an approved merchant, saying why: every request signed with its keys is refused until it is reinstated',
    audit: 'merchant.suspend',
    handler: async (request) =>
      ok(await decideMerchantStatus(deps, request.params.id, 'suspend', request.body.reason, auditOf(request, target(request.params.id)))),
  });

  route(app, calls.reinstate, {
    tags,
    summary: 'Reinstate a suspended merchant: its unrevoked keys sign requests again',
    audit: 'merchant.reinstate',
    handler: async (request) =>
      ok(await decideMerchantStatus(deps, request.params.id, 'reinstate', null, auditOf(request, target(request.params.id)))),
  });

  route(app, calls.rates, {
    tags,
    summary: "Every face value of the electronic card types with the public rate and this merchant's own (null: the public rate)",
    handler: async (request) => ok(await merchantRates(deps, request.params.id, localeOf(request))),
  });

  route(app, calls.saveRates, {
    tags,
    summary: "Set this merchant's rates (rateBp null returns a row to the public rate); orders already accepted keep their rate",
    audit: 'merchant.rates',
    handler: async (request) =>
      ok(await saveMerchantRates(deps, request.params.id, request.body, localeOf(request), auditOf(request, target(request.params.id)))),
  });

  route(app, calls.adminCallbacks, {
    tags,
    summary: "The merchant's callback attempts and its server's answers, newest first",
    handler: async (request) => ok(await merchantCallbacksForAdmin(deps, request.params.id, request.query)),
  });

  route(app, calls.adminResendCallback, {
    tags,
    summary: "Send an order's callback again now, with the order as it stands",
    audit: 'merchant.resendCallback',
    handler: async (request) =>
      ok(await resendCallbackForAdmin(deps, request.params.id, request.body.merchantOrderNo, auditOf(request, target(request.params.id)))),
  });
}
