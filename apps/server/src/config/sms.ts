import { OtpRules } from '@maika/shared';
import { z } from 'zod';
import { wholeSeconds, type SectionEnv } from './fields';

export const smsEnv = {
  SMS_PROVIDER: z.enum(['sim', 'aliyun', 'tencent'], { error: 'SMS_PROVIDER must be one of sim, aliyun, tencent' }).default('sim'),
  SMS_SIGN_NAME: z.string().default('卖卡'),
  SMS_TEMPLATE_LOGIN: z.string().optional(),
  SMS_TEMPLATE_MODIFY_PHONE: z.string().optional(),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().optional(),
  TENCENT_SECRET_ID: z.string().optional(),
  TENCENT_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().optional(),
  TENCENT_SMS_ENDPOINT: z.string().url().optional(),
  SMS_PHONE_DAILY_LIMIT: z.coerce.number().int().positive().optional(),
  SMS_IP_DAILY_LIMIT: z.coerce.number().int().positive().optional(),
  // A setting so tests need not wait out the gap; production keeps at least the rule's minute.
  SMS_RESEND_SECONDS: wholeSeconds('SMS_RESEND_SECONDS', OtpRules.resendIntervalSeconds),
};

/** Each vendor's credentials, by SMS_PROVIDER; no simulated codes in production. */
export function smsProblems(e: SectionEnv<typeof smsEnv>): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && e.SMS_RESEND_SECONDS < OtpRules.resendIntervalSeconds)
    problems.push(
      `SMS_RESEND_SECONDS: at least ${OtpRules.resendIntervalSeconds} in production, so a phone gets at most one code a minute`,
    );
  if (e.NODE_ENV === 'production' && e.SMS_PROVIDER === 'sim')
    problems.push('SMS_PROVIDER: the simulator cannot be used in production; choose aliyun or tencent');
  if (e.SMS_PROVIDER === 'aliyun') {
    if (!e.ALIYUN_ACCESS_KEY_ID) problems.push('ALIYUN_ACCESS_KEY_ID: required when SMS_PROVIDER=aliyun');
    if (!e.ALIYUN_ACCESS_KEY_SECRET) problems.push('ALIYUN_ACCESS_KEY_SECRET: required when SMS_PROVIDER=aliyun');
  }
  if (e.SMS_PROVIDER === 'tencent') {
    if (!e.TENCENT_SECRET_ID) problems.push('TENCENT_SECRET_ID: required when SMS_PROVIDER=tencent');
    if (!e.TENCENT_SECRET_KEY) problems.push('TENCENT_SECRET_KEY: required when SMS_PROVIDER=tencent');
    if (!e.TENCENT_SMS_SDK_APP_ID) problems.push('TENCENT_SMS_SDK_APP_ID: required when SMS_PROVIDER=tencent');
  }
  if (e.SMS_PROVIDER !== 'sim') {
    if (!e.SMS_TEMPLATE_LOGIN) problems.push(`SMS_TEMPLATE_LOGIN: required when SMS_PROVIDER=${e.SMS_PROVIDER}`);
    if (!e.SMS_TEMPLATE_MODIFY_PHONE) problems.push(`SMS_TEMPLATE_MODIFY_PHONE: required when SMS_PROVIDER=${e.SMS_PROVIDER}`);
  }
  return problems;
}
