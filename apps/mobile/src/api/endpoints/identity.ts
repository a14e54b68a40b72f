/**
 * Identity calls of docs/product.md "API calls", from the API contract: real-name face verification and the
 * two-step phone change. Every one needs the logged-in user.
 */
import { Code, identityCalls, type AnswerOf, type identityContract, type UserInfo } from '@maika/shared';
import { endpointOf } from '../endpoint';
import { ApiError } from '../errors';
import { request } from '../http';

export type FaceCertifyData = AnswerOf<typeof identityContract.faceCertifyResult>;
export type FaceCertifyStarted = AnswerOf<typeof identityContract.startFaceCertify>;
export type ModifySmsSent = AnswerOf<typeof identityContract.sendModifySms>;
export type ModifyVoucher = AnswerOf<typeof identityContract.modifyVoucher>;
type ModifyPhoneResult = AnswerOf<typeof identityContract.modifyPhone>;

export const identityEndpoints = {
  startFaceCertify: endpointOf(identityCalls.startFaceCertify),
  // Polled every few seconds while the QR code is shown: no loading indicator over it.
  faceCertifyResult: endpointOf(identityCalls.faceCertifyResult, { quiet: true }),
  sendModifySms: endpointOf(identityCalls.sendModifySms),
  // POST: the code travels in the body, never in a URL.
  modifyVoucher: endpointOf(identityCalls.modifyVoucher),
  modifyPhone: endpointOf(identityCalls.modifyPhone),
};

/** Starts a face verification of the person named on the ID card; answers where to take the face scan. */
export function startFaceCertify(name: string, idNum: string): Promise<FaceCertifyStarted> {
  return request<FaceCertifyStarted>(identityEndpoints.startFaceCertify, { name, idNum });
}

/** Where a verification stands (the server answers 338 while it is pending, a success code). */
export function fetchFaceCertifyResult(certifyId: string): Promise<FaceCertifyData> {
  return request<FaceCertifyData>(identityEndpoints.faceCertifyResult, { certifyId });
}

/** The user's latest verification (the server's answer without a certifyId), or null when they never started one. */
export async function fetchLatestFaceCertify(): Promise<FaceCertifyData | null> {
  try {
    return await request<FaceCertifyData>(identityEndpoints.faceCertifyResult, {});
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.NotFound) return null;
    throw error;
  }
}

/** Sends a phone-change code: to the current phone without `to`, to the new phone with it (the voucher proves the current one). */
export function sendModifySms(to?: { phone: string; voucher: string }): Promise<ModifySmsSent> {
  return request<ModifySmsSent>(identityEndpoints.sendModifySms, to ? { phone: to.phone, voucher: to.voucher } : {});
}

/** Trades the code sent to the current phone for a voucher that allows one phone change. */
export function fetchModifyVoucher(code: string): Promise<ModifyVoucher> {
  return request<ModifyVoucher>(identityEndpoints.modifyVoucher, { code });
}

export async function modifyPhone(change: { voucher: string; phone: string; code: string }): Promise<UserInfo> {
  return (await request<ModifyPhoneResult>(identityEndpoints.modifyPhone, change)).userinfo;
}
