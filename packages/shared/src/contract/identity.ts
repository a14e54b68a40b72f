import { Code } from '../codes';
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
  startFaceCertify: {
    body: faceCertifyVerifyUrlBody,
    answer: faceCertifyVerifyUrlData,
    codes: [Code.FaceCertifyDailyLimit, Code.FaceProviderFailed, Code.IdNumberTaken, Code.NotFound, Code.RealNameAlreadyVerified],
  },
  faceCertifyResult: {
    query: queryFaceCertifyQuery,
    answer: faceCertifyData,
    codes: [Code.FaceProviderFailed, Code.NotFound, Code.VerificationPending],
  },
  sendModifySms: {
    body: getModifySmsBody,
    answer: getModifySmsData,
    codes: [
      Code.ModifyVoucherInvalid,
      Code.NotFound,
      Code.PhoneChangeTooOften,
      Code.PhoneUnchanged,
      Code.SmsBudgetExhausted,
      Code.SmsIpDailyLimit,
      Code.SmsPhoneDailyLimit,
      Code.SmsSendFailed,
      Code.SmsTooSoon,
    ],
  },
  modifyVoucher: {
    body: getModifyVoucherBody,
    answer: modifyVoucherData,
    codes: [Code.NotFound, Code.PhoneChangeTooOften, Code.SmsCodeExpired, Code.SmsCodeLocked, Code.SmsCodeWrong],
  },
  modifyPhone: {
    body: modifyPhoneBody,
    answer: modifyPhoneData,
    codes: [
      Code.ModifyVoucherInvalid,
      Code.NotFound,
      Code.PhoneChangeTooOften,
      Code.PhoneTaken,
      Code.PhoneUnchanged,
      Code.SmsCodeExpired,
      Code.SmsCodeLocked,
      Code.SmsCodeWrong,
    ],
  },
});
