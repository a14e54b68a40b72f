import { Code } from '../codes';
import { idParams } from '../api/admin';
import {
  adminMerchantDetail,
  adminMerchantList,
  adminMerchantQuery,
  adminMerchantRates,
  adminMerchantRatesBody,
  adminMerchantReasonBody,
  merchantApplyBody,
  merchantApplyData,
  merchantBalance,
  merchantCallbackList,
  merchantCallbackQuery,
  merchantCatalogue,
  merchantKeyCreated,
  merchantKeyParams,
  merchantKeyRevoked,
  merchantNotifyUrlBody,
  merchantNotifyUrlData,
  merchantOrder,
  merchantOrderBody,
  merchantOrderCreated,
  merchantOrderParams,
  merchantProfile,
  merchantResendBody,
  merchantResendData,
} from '../api/merchants';
import { withSchemas } from './call';
import { merchantCalls } from './calls/merchants';

/** Sending a callback again checks the address it would go to, as saving one does. */
const resendCodes = [Code.MerchantNoNotifyUrl, Code.MerchantNotifyUrlRefused, Code.NotFound] as const;
/** An operator's decision on a merchant moves it along its status table or is refused. */
const decisionCodes = [Code.MerchantStatusConflict, Code.NotFound] as const;

export const merchantContract = withSchemas(merchantCalls, {
  apply: { body: merchantApplyBody, answer: merchantApplyData, codes: [Code.MerchantAlreadyApplied] },
  profile: { answer: merchantProfile },
  createKey: { answer: merchantKeyCreated, codes: [Code.MerchantKeyLimit, Code.MerchantNotApproved] },
  revokeKey: { params: merchantKeyParams, answer: merchantKeyRevoked, codes: [Code.NotFound] },
  saveNotifyUrl: {
    body: merchantNotifyUrlBody,
    answer: merchantNotifyUrlData,
    codes: [Code.MerchantNotApproved, Code.MerchantNotifyUrlRefused],
  },
  callbacks: { query: merchantCallbackQuery, answer: merchantCallbackList },
  resendCallback: { body: merchantResendBody, answer: merchantResendData, codes: resendCodes },

  catalogue: { answer: merchantCatalogue },
  submitOrder: {
    body: merchantOrderBody,
    answer: merchantOrderCreated,
    codes: [
      Code.CardAlreadySubmitted,
      Code.CardBatchRejected,
      Code.CardDailyCapReached,
      Code.CardTypeMaintenance,
      Code.FaceValueUnavailable,
      Code.MerchantNotifyUrlRefused,
      Code.MerchantOrderNoReused,
      Code.MerchantPhysicalNotOffered,
      Code.NotFound,
    ],
  },
  order: { params: merchantOrderParams, answer: merchantOrder, codes: [Code.NotFound] },
  balance: { answer: merchantBalance },
  apiResendCallback: { body: merchantResendBody, answer: merchantResendData, codes: resendCodes },

  adminList: { query: adminMerchantQuery, answer: adminMerchantList },
  adminDetail: { params: idParams, answer: adminMerchantDetail, codes: [Code.NotFound] },
  approve: { params: idParams, answer: adminMerchantDetail, codes: decisionCodes },
  refuse: { params: idParams, body: adminMerchantReasonBody, answer: adminMerchantDetail, codes: decisionCodes },
  suspend: { params: idParams, body: adminMerchantReasonBody, answer: adminMerchantDetail, codes: decisionCodes },
  reinstate: { params: idParams, answer: adminMerchantDetail, codes: decisionCodes },
  rates: { params: idParams, answer: adminMerchantRates, codes: [Code.NotFound] },
  saveRates: {
    params: idParams,
    body: adminMerchantRatesBody,
    answer: adminMerchantRates,
    codes: [Code.MerchantRateFaceValueUnknown, Code.NotFound],
  },
  adminCallbacks: { params: idParams, query: merchantCallbackQuery, answer: merchantCallbackList, codes: [Code.NotFound] },
  adminResendCallback: { params: idParams, body: merchantResendBody, answer: merchantResendData, codes: resendCodes },
});
