import { z } from 'zod';
import { idNumberSchema, realNameSchema } from '../idCard';
import { phoneSchema } from '../phone';
import { smsCodeField, userInfo } from './auth';

/** Real-name face verification. */
export const faceCertifyVerifyUrlBody = z.object({ name: realNameSchema, idNum: idNumberSchema });
export const faceCertifyVerifyUrlData = z.object({
  certifyId: z.string(),
  certifyUrl: z.string().describe('open it (or show it as a QR code for the Alipay app) to take the face scan'),
});

export const faceCertifyStatuses = ['pending', 'passed', 'failed', 'expired'] as const;
export type FaceCertifyStatus = (typeof faceCertifyStatuses)[number];

export const queryFaceCertifyQuery = z.object({
  certifyId: z.string().trim().min(1, 'must not be empty').max(64, 'is too long').optional(),
});
export const realInfo = userInfo.shape.realInfo;
export type RealInfo = z.infer<typeof realInfo>;

/** Code 338 while `status` is pending (poll again), 200 once it is settled. */
export const faceCertifyData = z.object({
  certifyId: z.string(),
  status: z.enum(faceCertifyStatuses),
  certifyUrl: z.string(),
  failReason: z.string().nullable(),
  realInfo,
});
export type FaceCertifyData = z.infer<typeof faceCertifyData>;

/** Phone change: a code to the current phone buys a voucher; the voucher plus a code to the new phone changes it. */
const voucherField = z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(128, 'is too long');

/** A code to the new phone needs the voucher first, so the call cannot be used to probe numbers or spam them. */
export const getModifySmsBody = z
  .object({
    phone: phoneSchema.optional().describe('the new phone; leave out to send the code to the current phone'),
    voucher: voucherField.optional().describe('the voucher from getModifyVoucher; required with phone'),
  })
  .refine((b) => b.phone === undefined || b.voucher !== undefined, {
    path: ['voucher'],
    message: 'is required with phone: verify the current phone first (getModifyVoucher)',
  });
export const getModifySmsData = z.object({ resendAfterSeconds: z.number().int() });

/** POST body, so the code never appears in a URL (request logs, proxies, browser history). */
export const getModifyVoucherBody = z.object({ code: smsCodeField });
export const modifyVoucherData = z.object({ voucher: z.string(), expiresInSeconds: z.number().int() });

export const modifyPhoneBody = z.object({
  voucher: voucherField,
  phone: phoneSchema,
  code: smsCodeField,
});
export const modifyPhoneData = z.object({ userinfo: userInfo });

/** Mini-program logins: 200 `{ token, userinfo }` when the account is linked, 309 `{ openid }` when not yet. */
export const miniProgramPlatforms = ['weapp', 'alipay'] as const;
export type MiniProgramPlatform = (typeof miniProgramPlatforms)[number];

export const miniProgramLoginBody = z.object({
  code: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(256, 'is too long'),
});
export const miniProgramUnboundData = z.object({ openid: z.string() });
