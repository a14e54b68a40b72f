import { z } from 'zod';
import { ALIPAY_DEFAULT_GATEWAY } from '../providers/alipay/keys';
import { alipayKey, type SectionEnv } from './fields';

/** The Alipay application's credentials, needed by every Alipay product we use. */
export const ALIPAY_CREDENTIALS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;

export const identityEnv = {
  FACE_PROVIDER: z.enum(['sim', 'alipay'], { error: 'FACE_PROVIDER must be sim or alipay' }).default('sim'),
  FACE_ALIPAY_BIZ_CODE: z
    .enum(['FACE', 'SMART_FACE'], { error: 'FACE_ALIPAY_BIZ_CODE must be FACE or SMART_FACE (the product signed with Alipay)' })
    .default('FACE'),
  FACE_DAILY_LIMIT: z.coerce.number().int().positive().optional(),
  // 'off': a web-only site; the mini-program logins answer "not offered here" and need no credentials.
  MINI_PROGRAM_PROVIDER: z.enum(['sim', 'real', 'off'], { error: 'MINI_PROGRAM_PROVIDER must be sim, real or off' }).default('sim'),
  WECHAT_MINI_APP_ID: z
    .string()
    .regex(/^wx[0-9A-Za-z]{16}$/, 'WECHAT_MINI_APP_ID must be a mini-program app id like wx0123456789abcdef')
    .optional(),
  WECHAT_MINI_APP_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().url('WECHAT_API_BASE must be a full URL like https://api.weixin.qq.com').default('https://api.weixin.qq.com'),
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{16}$/, 'ALIPAY_APP_ID must be the 16-digit app id from the Alipay open platform')
    .optional(),
  ALIPAY_MINI_APP_ID: z
    .string()
    .regex(/^\d{16}$/, 'ALIPAY_MINI_APP_ID must be the 16-digit app id of the Alipay mini-program')
    .optional(),
  ALIPAY_PRIVATE_KEY: alipayKey('ALIPAY_PRIVATE_KEY', 'private'),
  ALIPAY_PUBLIC_KEY: alipayKey('ALIPAY_PUBLIC_KEY', 'public'),
  ALIPAY_GATEWAY: z
    .string()
    .url('ALIPAY_GATEWAY must be a full URL like https://openapi.alipay.com/gateway.do')
    .default(ALIPAY_DEFAULT_GATEWAY),
};

/** Face verification and mini-program login: simulators stay out of production, real vendors need their credentials. */
export function identityProblems(e: SectionEnv<typeof identityEnv>): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (e.FACE_PROVIDER === 'sim') problems.push('FACE_PROVIDER: the simulator cannot be used in production; choose alipay');
    if (e.MINI_PROGRAM_PROVIDER === 'sim')
      problems.push(
        'MINI_PROGRAM_PROVIDER: the simulator cannot be used in production; choose real (WeChat and Alipay mini-programs) or off (a web-only site)',
      );
  }
  const alipayNeededBy =
    e.FACE_PROVIDER === 'alipay' ? 'FACE_PROVIDER=alipay' : e.MINI_PROGRAM_PROVIDER === 'real' ? 'MINI_PROGRAM_PROVIDER=real' : null;
  if (alipayNeededBy) {
    for (const name of ALIPAY_CREDENTIALS) {
      if (!e[name]) problems.push(`${name}: required when ${alipayNeededBy}`);
    }
  }
  if (e.MINI_PROGRAM_PROVIDER === 'real') {
    if (!e.WECHAT_MINI_APP_ID) problems.push('WECHAT_MINI_APP_ID: required when MINI_PROGRAM_PROVIDER=real');
    if (!e.WECHAT_MINI_APP_SECRET) problems.push('WECHAT_MINI_APP_SECRET: required when MINI_PROGRAM_PROVIDER=real');
  }
  return problems;
}
