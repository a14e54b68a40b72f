import { contract } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { requireUser } from '../../http/session';
import { resendCallback } from './callbackService';
import {
  applyForMerchantApi,
  createMerchantKey,
  merchantCallbacks,
  merchantIdOfUser,
  merchantProfile,
  revokeMerchantKey,
  saveMerchantNotifyUrl,
} from './service';

const tags = ['Merchant API: in the app'];
const calls = contract.merchants;

/** A seller's merchant page: apply, keys, the callback address and the callbacks sent. */
export default async function merchantRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.apply, {
    tags,
    summary: 'Apply to sell through the merchant API (company or shop name, contact, cards a month); again after a refusal',
    handler: async (request) => ok(await applyForMerchantApi(deps, (await requireUser(deps, request)).userId, request.body)),
  });

  route(app, calls.profile, {
    tags,
    summary:
      "The user's merchant status (null: never applied), the operator's reason, the callback address and the keys (never their secrets)",
    handler: async (request) => ok(await merchantProfile(deps, (await requireUser(deps, request)).userId)),
  });

  route(app, calls.createKey, {
    tags,
    summary: 'A new API key for an approved merchant: the secret is in this answer only; at most 5 unrevoked keys',
    handler: async (request) => ok(await createMerchantKey(deps, (await requireUser(deps, request)).userId)),
  });

  route(app, calls.revokeKey, {
    tags,
    summary: 'Revoke one of your keys at once: requests signed with it are refused from now on',
    handler: async (request) => ok(await revokeMerchantKey(deps, (await requireUser(deps, request)).userId, request.params.keyId)),
  });

  route(app, calls.saveNotifyUrl, {
    tags,
    summary: 'Set (or, with null, remove) the callback address: https to a public address, checked now and again at each callback',
    handler: async (request) => ok(await saveMerchantNotifyUrl(deps, (await requireUser(deps, request)).userId, request.body.notifyUrl)),
  });

  route(app, calls.callbacks, {
    tags,
    summary: 'Every callback attempt for your merchant orders and what your server answered, newest first',
    handler: async (request) => ok(await merchantCallbacks(deps, (await requireUser(deps, request)).userId, request.query)),
  });

  route(app, calls.resendCallback, {
    tags,
    summary: "Send an order's callback again now, with the order as it stands",
    handler: async (request) => {
      const merchantId = await merchantIdOfUser(deps, (await requireUser(deps, request)).userId);
      return ok(await resendCallback(deps, merchantId, request.body.merchantOrderNo));
    },
  });
}
