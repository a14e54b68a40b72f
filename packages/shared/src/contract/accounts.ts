import { Code } from '../codes';
import { z } from 'zod';
import {
  getLoginSmsBody,
  getLoginSmsData,
  getTokenQuery,
  loginData,
  smsLoginBody,
  tokenData,
  updateInfoBody,
  updateInfoData,
  userInfoData,
} from '../api/auth';
import { miniProgramLoginBody, miniProgramUnboundData } from '../api/identity';
import { withSchemas } from './call';
import { accountCalls } from './calls/accounts';

/** 200 with the login when the mini-program account is linked, 309 with its openid when not yet. */
const miniProgramLoginData = z.union([loginData, miniProgramUnboundData]);

/** WeChat's and Alipay's logins are one flow with a different vendor behind it. */
const miniProgramLoginCodes = [
  Code.AccountFrozen,
  Code.MiniProgramCodeInvalid,
  Code.MiniProgramNotOffered,
  Code.MiniProgramProviderFailed,
  Code.MiniProgramUnbound,
] as const;

export const accountContract = withSchemas(accountCalls, {
  getToken: { query: getTokenQuery, answer: tokenData, codes: [Code.RateLimited] },
  getLoginSms: {
    body: getLoginSmsBody,
    answer: getLoginSmsData,
    codes: [Code.SmsBudgetExhausted, Code.SmsIpDailyLimit, Code.SmsPhoneDailyLimit, Code.SmsSendFailed, Code.SmsTooSoon],
  },
  smsLogin: {
    body: smsLoginBody,
    answer: loginData,
    codes: [
      Code.AccountFrozen,
      Code.MiniProgramAlreadyLinked,
      Code.MiniProgramBindingMissing,
      Code.SmsCodeExpired,
      Code.SmsCodeLocked,
      Code.SmsCodeWrong,
    ],
  },
  logOut: { answer: z.null() },
  weappLogin: {
    body: miniProgramLoginBody,
    answer: miniProgramLoginData,
    codes: miniProgramLoginCodes,
  },
  alipayLogin: {
    body: miniProgramLoginBody,
    answer: miniProgramLoginData,
    codes: miniProgramLoginCodes,
  },
  cancel: {
    answer: z.null(),
    codes: [Code.CancelBlockedByBalance, Code.CancelBlockedByOpenItems, Code.CancelBlockedByPendingEarnings, Code.NotFound],
  },
  info: { answer: userInfoData, codes: [Code.NotFound] },
  updateInfo: { body: updateInfoBody, answer: updateInfoData, codes: [Code.NotFound] },
});
