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

export const accountContract = withSchemas(accountCalls, {
  getToken: { query: getTokenQuery, answer: tokenData },
  getLoginSms: { body: getLoginSmsBody, answer: getLoginSmsData },
  smsLogin: { body: smsLoginBody, answer: loginData },
  logOut: { answer: z.null() },
  weappLogin: { body: miniProgramLoginBody, answer: miniProgramLoginData },
  alipayLogin: { body: miniProgramLoginBody, answer: miniProgramLoginData },
  cancel: { answer: z.null() },
  info: { answer: userInfoData },
  updateInfo: { body: updateInfoBody, answer: updateInfoData },
});
