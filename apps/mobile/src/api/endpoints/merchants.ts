/**
 * The app's merchant calls, from the API contract: applying for the merchant API, its status,
 * API keys, the callback address and the callbacks sent. Every one needs the logged-in user.
 */
import {
  merchantCalls,
  pathOf,
  type AnswerOf,
  type MerchantApplyBody,
  type MerchantCallback,
  type MerchantCallbackList,
  type MerchantKey,
  type MerchantKeyCreated,
  type MerchantProfile,
  type MerchantResendBody,
  type merchantContract,
} from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request, type Endpoint } from '../http';

export type { MerchantApplyBody, MerchantCallback, MerchantCallbackList, MerchantKey, MerchantKeyCreated, MerchantProfile };
type MerchantApplied = AnswerOf<typeof merchantContract.apply>;
type NotifyUrlSaved = AnswerOf<typeof merchantContract.saveNotifyUrl>;
type KeyRevoked = AnswerOf<typeof merchantContract.revokeKey>;
type CallbackResent = AnswerOf<typeof merchantContract.resendCallback>;

export const merchantEndpoints = {
  apply: endpointOf(merchantCalls.apply),
  // Reads are quiet: the page draws its own skeleton.
  profile: endpointOf(merchantCalls.profile, { quiet: true }),
  createKey: endpointOf(merchantCalls.createKey),
  saveNotifyUrl: endpointOf(merchantCalls.saveNotifyUrl),
  callbacks: endpointOf(merchantCalls.callbacks, { quiet: true }),
  resendCallback: endpointOf(merchantCalls.resendCallback),
} as const satisfies Record<string, Endpoint>;

/** The revoke call of one key: its id is in the path. */
export function revokeEndpoint(keyId: string): Endpoint {
  return { ...endpointOf(merchantCalls.revokeKey), path: pathOf(merchantCalls.revokeKey, { keyId }) };
}

export function applyMerchant(body: MerchantApplyBody): Promise<MerchantApplied> {
  return request<MerchantApplied>(merchantEndpoints.apply, { ...body });
}

export function fetchMerchantProfile(): Promise<MerchantProfile> {
  return request<MerchantProfile>(merchantEndpoints.profile);
}

/** A new key; its secret is in this answer only. */
export function createMerchantKey(): Promise<MerchantKeyCreated> {
  return request<MerchantKeyCreated>(merchantEndpoints.createKey);
}

export function revokeMerchantKey(keyId: string): Promise<KeyRevoked> {
  return request<KeyRevoked>(revokeEndpoint(keyId));
}

/** Saves the callback address; null removes it. */
export function saveNotifyUrl(notifyUrl: string | null): Promise<NotifyUrlSaved> {
  return request<NotifyUrlSaved>(merchantEndpoints.saveNotifyUrl, { notifyUrl });
}

export function fetchMerchantCallbacks(page: number, pageSize: number): Promise<MerchantCallbackList> {
  return request<MerchantCallbackList>(merchantEndpoints.callbacks, { page, pageSize });
}

export function resendMerchantCallback(body: MerchantResendBody): Promise<CallbackResent> {
  return request<CallbackResent>(merchantEndpoints.resendCallback, { ...body });
}
