import {
  OtpRules,
  getLoginSmsBody,
  getLoginSmsData,
  type MiniProgramPlatform,
  getTokenQuery,
  loginData,
  smsLoginBody,
  tokenData,
} from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { envelope, invalidInput, ok } from '../../http/envelope';
import { optionalSession, requireDeviceId, sessionOf } from '../../http/session';
import { issueAnonymousToken, logOut, sendLoginSms, smsLogin } from './authService';

/** openid and platform come together or not at all. */
function miniProgramOf(body: { openid?: string; platform?: MiniProgramPlatform }) {
  if (body.openid === undefined) return undefined;
  if (body.platform === undefined) throw invalidInput('platform', 'give platform (weapp or alipay) with openid');
  return { platform: body.platform, openid: body.openid };
}

const tags = ['Authentication'];

export default async function authRoutes(app: AppInstance) {
  const { deps } = app;

  app.get('/api/Authentication/getToken', {
    schema: {
      tags,
      summary: 'Anonymous token; remembers the referral code p (limited per client network per hour)',
      querystring: getTokenQuery,
      response: { 200: envelope(tokenData) },
    },
    handler: async (request) => {
      const token = await issueAnonymousToken(deps, requireDeviceId(request), request.query.p || undefined, request.ip);
      return ok({ token });
    },
  });

  app.post('/api/Authentication/getLoginSms', {
    schema: { tags, summary: 'Send a login code by SMS', body: getLoginSmsBody, response: { 200: envelope(getLoginSmsData) } },
    handler: async (request) => {
      await sendLoginSms(deps, request.body.phone, request.ip);
      return ok({ resendAfterSeconds: OtpRules.resendIntervalSeconds });
    },
  });

  app.post('/api/Authentication/smsLogin', {
    schema: { tags, summary: 'Log in (or sign up) with the SMS code', body: smsLoginBody, response: { 200: envelope(loginData) } },
    handler: async (request) => {
      const data = await smsLogin(deps, {
        phone: request.body.phone,
        code: request.body.code,
        referralCode: request.body.p,
        deviceId: requireDeviceId(request),
        session: await optionalSession(deps, request),
        miniProgram: miniProgramOf(request.body),
      });
      return ok(data);
    },
  });

  app.get('/api/Authentication/logOut', {
    schema: { tags, summary: 'End this session', response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      const session = await sessionOf(deps, request);
      if (session && session !== 'invalid') await logOut(deps, session);
      return ok(null);
    },
  });
}
