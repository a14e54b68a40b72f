/** Identity: real-name face verification and the two-step phone change of a logged-in user. */
import type { ApiCall } from '../call';

export const identityCalls = {
  startFaceCertify: { method: 'POST', path: '/api/user/faceCertifyVerifyUrl', auth: 'user' },
  faceCertifyResult: { method: 'GET', path: '/api/user/queryFaceCertify', auth: 'user' },
  sendModifySms: { method: 'POST', path: '/api/user/getModifySms', auth: 'user' },
  modifyVoucher: { method: 'POST', path: '/api/user/getModifyVoucher', auth: 'user' },
  modifyPhone: { method: 'POST', path: '/api/user/modifyPhone', auth: 'user' },
} as const satisfies Readonly<Record<string, ApiCall>>;
