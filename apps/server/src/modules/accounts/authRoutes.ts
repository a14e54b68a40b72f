import { contract, type MiniProgramPlatform } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { invalidInput, localeOf, ok } from '../../http/envelope';
import { optionalSession, requireDeviceId, sessionOf } from '../../http/session';
import { issueAnonymousToken, logOut, sendLoginSms, smsLogin } from './authService';

/** openid and platform come together or not at all. */
function miniProgramOf(body: { openid?: string; platform?: MiniProgramPlatform }) {
  if (body.openid === undefined) return undefined;
  if (body.platform === undefined) throw invalidInput('platform', 'give platform (weapp or alipay) with openid');
  return { platform: body.platform, openid: body.openid };
}

const tags = ['Authentication'];
const calls = contract.accounts;

export default async function authRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.getToken, {
    tags,
    summary: 'Anonymous token; remembers the referral code p (limited per client network per hour)',
    handler: async (request) => {
      const token = await issueAnonymousToken(deps, requireDeviceId(request), request.query.p || undefined, request.ip);
      return ok({ token });
    },
  });

  route(app, calls.getLoginSms, {
    tags,
    summary: 'Send a login code by SMS',
    handler: async (request) => {
      await sendLoginSms(deps, request.body.phone, request.ip);
      return ok({ resendAfterSeconds: deps.config.SMS_RESEND_SECONDS });
    },
  });

  route(app, calls.smsLogin, {
    tags,
    summary: 'Log in (or sign up) with the SMS code',
    handler: async (request) => {
      const data = await smsLogin(deps, {
        phone: request.body.phone,
        code: request.body.code,
        referralCode: request.body.p,
        deviceId: requireDeviceId(request),
        session: await optionalSession(deps, request),
        miniProgram: miniProgramOf(request.body),
        locale: localeOf(request),
      });
      return ok(data);
    },
  });

  route(app, calls.logOut, {
    tags,
    summary: 'End this session',
    handler: async (request) => {
      const session = await sessionOf(deps, request);
      if (session && session !== 'invalid') await logOut(deps, session);
      return ok(null);
    },
  });
}
