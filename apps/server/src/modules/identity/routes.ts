import { Code, contract, renderStoredText, type MiniProgramPlatform } from '@maika/shared';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { localeOf, message, ok } from '../../http/envelope';
import { publicBaseUrl } from '../../http/publicUrl';
import { requireDeviceId, requireUser } from '../../http/session';
import { queryFaceCertify, startFaceCertify } from './faceService';
import { miniProgramLogin } from '../accounts';
import { issueModifyVoucher, modifyPhone, sendModifySms } from './phoneService';

const tags = ['User'];
const calls = contract.identity;

export default async function identityRoutes(app: AppInstance) {
  const { deps } = app;

  route(app, calls.startFaceCertify, {
    tags,
    summary: 'Start real-name face verification; open certifyUrl to scan',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await startFaceCertify(deps, userId, { ...request.body, baseUrl: publicBaseUrl(app, request) }));
    },
  });

  route(app, calls.faceCertifyResult, {
    tags,
    summary: 'The verification (default: the latest): code 338 while pending, 200 once settled',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      const locale = localeOf(request);
      const { code, data } = await queryFaceCertify(deps, userId, request.query.certifyId);
      const failReason = data.failReason === null ? null : renderStoredText(data.failReason, locale);
      return { code, msg: message(code, locale), data: { ...data, failReason } };
    },
  });

  route(app, calls.sendModifySms, {
    tags,
    summary:
      'Phone change: a code to the current phone (no phone given) or, with the voucher, to the new phone; 20 phone-change calls an hour',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ resendAfterSeconds: await sendModifySms(deps, userId, request.body, request.ip) });
    },
  });

  // A POST, so the code travels in the body and never lands in a URL (request logs, proxies).
  route(app, calls.modifyVoucher, {
    tags,
    summary: 'Phone change: the code sent to the current phone buys a 10-minute, single-use voucher',
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await issueModifyVoucher(deps, userId, request.body.code));
    },
  });

  route(app, calls.modifyPhone, {
    tags,
    summary:
      'Phone change: voucher plus the code sent to the new phone (1310 if another account holds it, told only after its code is proven); other sessions end',
    handler: async (request) => {
      const session = await requireUser(deps, request);
      return ok({ userinfo: await modifyPhone(deps, session, request.body, localeOf(request)) });
    },
  });

  const miniProgramRoute = (
    call: typeof contract.accounts.weappLogin | typeof contract.accounts.alipayLogin,
    platform: MiniProgramPlatform,
    name: string,
  ) =>
    route(app, call, {
      tags: ['Authentication'],
      summary: `${name} mini-program login: 200 { token, userinfo } when linked, 309 { openid } when not yet`,
      handler: async (request) => {
        const result = await miniProgramLogin(deps, platform, request.body.code, requireDeviceId(request), localeOf(request));
        if (result.linked) return ok({ token: result.token, userinfo: result.userinfo });
        const code = Code.MiniProgramUnbound;
        return { code, msg: message(code, localeOf(request)), data: { openid: result.openid } };
      },
    });
  miniProgramRoute(contract.accounts.weappLogin, 'weapp', 'WeChat');
  miniProgramRoute(contract.accounts.alipayLogin, 'alipay', 'Alipay');
}
