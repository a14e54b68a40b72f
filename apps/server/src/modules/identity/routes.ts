import {
  Code,
  faceCertifyData,
  faceCertifyVerifyUrlBody,
  faceCertifyVerifyUrlData,
  getModifySmsBody,
  getModifySmsData,
  getModifyVoucherBody,
  loginData,
  miniProgramLoginBody,
  miniProgramUnboundData,
  modifyPhoneBody,
  modifyPhoneData,
  modifyVoucherData,
  queryFaceCertifyQuery,
  renderStoredText,
  type MiniProgramPlatform,
} from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { envelope, localeOf, message, ok } from '../../http/envelope';
import { publicBaseUrl } from '../../http/publicUrl';
import { requireDeviceId, requireUser } from '../../http/session';
import { queryFaceCertify, startFaceCertify } from './face';
import { miniProgramLogin } from '../accounts';
import { issueModifyVoucher, modifyPhone, sendModifySms } from './phoneChange';

export default async function identityRoutes(app: AppInstance) {
  const { deps } = app;
  const security = [{ token: [] }];

  app.post('/api/user/faceCertifyVerifyUrl', {
    schema: {
      tags: ['User'],
      summary: 'Start real-name face verification; open certifyUrl to scan',
      security,
      body: faceCertifyVerifyUrlBody,
      response: { 200: envelope(faceCertifyVerifyUrlData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await startFaceCertify(deps, userId, { ...request.body, baseUrl: publicBaseUrl(app, request) }));
    },
  });

  app.get('/api/user/queryFaceCertify', {
    schema: {
      tags: ['User'],
      summary: 'The verification (default: the latest): code 338 while pending, 200 once settled',
      security,
      querystring: queryFaceCertifyQuery,
      response: { 200: envelope(faceCertifyData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      const locale = localeOf(request);
      const { code, data } = await queryFaceCertify(deps, userId, request.query.certifyId);
      const failReason = data.failReason === null ? null : renderStoredText(data.failReason, locale);
      return { code, msg: message(code, locale), data: { ...data, failReason } };
    },
  });

  app.post('/api/user/getModifySms', {
    schema: {
      tags: ['User'],
      summary:
        'Phone change: a code to the current phone (no phone given) or, with the voucher, to the new phone; 20 phone-change calls an hour',
      security,
      body: getModifySmsBody,
      response: { 200: envelope(getModifySmsData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok({ resendAfterSeconds: await sendModifySms(deps, userId, request.body, request.ip) });
    },
  });

  // A POST, so the code travels in the body and never lands in a URL (request logs, proxies).
  app.post('/api/user/getModifyVoucher', {
    schema: {
      tags: ['User'],
      summary: 'Phone change: the code sent to the current phone buys a 10-minute, single-use voucher',
      security,
      body: getModifyVoucherBody,
      response: { 200: envelope(modifyVoucherData) },
    },
    handler: async (request) => {
      const { userId } = await requireUser(deps, request);
      return ok(await issueModifyVoucher(deps, userId, request.body.code));
    },
  });

  app.post('/api/user/modifyPhone', {
    schema: {
      tags: ['User'],
      summary:
        'Phone change: voucher plus the code sent to the new phone (1310 if another account holds it, told only after its code is proven); other sessions end',
      security,
      body: modifyPhoneBody,
      response: { 200: envelope(modifyPhoneData) },
    },
    handler: async (request) => {
      const session = await requireUser(deps, request);
      return ok({ userinfo: await modifyPhone(deps, session, request.body) });
    },
  });

  const miniProgramRoute = (path: string, platform: MiniProgramPlatform, name: string) =>
    app.post(path, {
      schema: {
        tags: ['Authentication'],
        summary: `${name} mini-program login: 200 { token, userinfo } when linked, 309 { openid } when not yet`,
        body: miniProgramLoginBody,
        response: { 200: envelope(z.union([loginData, miniProgramUnboundData])) },
      },
      handler: async (request) => {
        const result = await miniProgramLogin(deps, platform, request.body.code, requireDeviceId(request));
        if (result.linked) return ok({ token: result.token, userinfo: result.userinfo });
        const code = Code.MiniProgramUnbound;
        return { code, msg: message(code, localeOf(request)), data: { openid: result.openid } };
      },
    });
  miniProgramRoute('/api/Authentication/wechatMiniProgramLogin', 'weapp', 'WeChat');
  miniProgramRoute('/api/Authentication/aliMiniProgramLogin', 'alipay', 'Alipay');
}
