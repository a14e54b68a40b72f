import {
  faceCertifyData,
  faceCertifyVerifyUrlBody,
  faceCertifyVerifyUrlData,
  getModifySmsBody,
  getModifySmsData,
  getModifyVoucherBody,
  modifyPhoneBody,
  modifyPhoneData,
  modifyVoucherData,
  queryFaceCertifyQuery,
} from '../api/identity';
import { withSchemas } from './call';
import { identityCalls } from './calls/identity';

export const identityContract = withSchemas(identityCalls, {
  startFaceCertify: { body: faceCertifyVerifyUrlBody, answer: faceCertifyVerifyUrlData },
  faceCertifyResult: { query: queryFaceCertifyQuery, answer: faceCertifyData },
  sendModifySms: { body: getModifySmsBody, answer: getModifySmsData },
  modifyVoucher: { body: getModifyVoucherBody, answer: modifyVoucherData },
  modifyPhone: { body: modifyPhoneBody, answer: modifyPhoneData },
});
