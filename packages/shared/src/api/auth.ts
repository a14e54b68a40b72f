import { z } from 'zod';
import { OtpRules, SMS_CODE_PATTERN } from '../constants';
import { genderSchema } from '../enumSchemas';
import { phoneSchema } from '../phone';
import { nicknameTooLong } from '../text';

export const smsCodeField = z
  .string({ error: 'is required' })
  .trim()
  .regex(SMS_CODE_PATTERN, `must be the ${OtpRules.length}-digit code from the text message`);

/** A referral code p as the server accepts it; the app ignores anything else it was opened with. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export const referralCodeField = z.string().trim().regex(REFERRAL_CODE_PATTERN, 'must be 4 to 16 letters or digits');

export const getTokenQuery = z.object({ p: referralCodeField.optional().or(z.literal('')) });
export const tokenData = z.object({ token: z.string() });

export const getLoginSmsBody = z.object({ phone: phoneSchema });
export const getLoginSmsData = z.object({ resendAfterSeconds: z.number().int() });

export const smsLoginBody = z.object({
  phone: phoneSchema,
  code: smsCodeField,
  /** A referral code may also come in the body (mini-program launch query). */
  p: referralCodeField.optional(),
  /** From a 309 mini-program login on this device: links that mini-program account to the user. */
  openid: z.string().trim().min(1, 'must not be empty').max(128, 'is too long').optional(),
  platform: z.enum(['weapp', 'alipay']).optional(),
});

export const userInfo = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().describe('masked, e.g. 138****5678'),
  gender: z.number().int().min(0).max(2),
  inviteCode: z.string(),
  hasReferrer: z.boolean(),
  createdAt: z.string(),
  realInfo: z.object({
    verified: z.boolean(),
    name: z.string().nullable().describe('masked'),
    idNum: z.string().nullable().describe('masked'),
  }),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginData = z.object({ token: z.string(), userinfo: userInfo });
export const userInfoData = z.object({ userinfo: userInfo });

export const updateInfoBody = z
  .object({
    nickname: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      // Characters as people count them: an emoji is one (Intl.Segmenter), not two UTF-16 units.
      .refine((s) => !nicknameTooLong(s), 'must be at most 20 characters')
      .optional(),
    gender: genderSchema.optional(),
    avatar: z
      .string()
      .regex(/^\/uploads\/[A-Za-z0-9/_.-]+$/, 'must be a path returned by /api/file/upload')
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one of nickname, gender, avatar');
export const updateInfoData = z.object({ nickname: z.string(), avatar: z.string().nullable(), gender: z.number().int() });

export const uploadPurposes = ['avatar', 'feedback'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];
export const uploadQuery = z.object({
  purpose: z.enum(uploadPurposes, { error: 'must be avatar or feedback' }).default('avatar'),
});
/** `path` is what avatar or feedback take; `url` is where to show it (signed and short-lived for feedback). */
export const uploadData = z.object({ path: z.string(), url: z.string() });

export const smsOutboxQuery = z.object({ phone: phoneSchema });
/** What the SMS simulator sent: a code (purposes login, modifyPhone) or a notice's text (purpose notice). */
export const smsOutboxEntry = z.object({
  id: z.number(),
  phone: z.string(),
  code: z.string().nullable(),
  content: z.string().nullable(),
  purpose: z.string(),
  sentAt: z.string(),
});
/** The development outbox lists codes only. */
export const smsOutboxData = z.array(smsOutboxEntry.omit({ id: true, content: true }).extend({ code: z.string() }));
