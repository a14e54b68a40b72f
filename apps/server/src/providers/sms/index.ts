/** Which SMS gateway sends the codes, from the configuration; the contract every gateway keeps is in contract.ts. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createAliyunSms } from './aliyun';
import { createSimulatedSms } from './sim';
import { createTencentSms } from './tencent';
import type { SmsGateway } from './contract';

export * from './contract';

/** The provider chosen by SMS_PROVIDER (codes and notices); config validation has already checked its credentials. */
export function createSmsProvider(config: Config, db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SmsGateway {
  const templates = { login: config.SMS_TEMPLATE_LOGIN ?? '', modifyPhone: config.SMS_TEMPLATE_MODIFY_PHONE ?? '' };
  switch (config.SMS_PROVIDER) {
    case 'aliyun':
      return createAliyunSms({
        accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
        accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
        signName: config.SMS_SIGN_NAME,
        templates,
        endpoint: config.ALIYUN_SMS_ENDPOINT,
      });
    case 'tencent':
      return createTencentSms({
        secretId: config.TENCENT_SECRET_ID!,
        secretKey: config.TENCENT_SECRET_KEY!,
        sdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
        signName: config.SMS_SIGN_NAME,
        templates,
        region: config.TENCENT_SMS_REGION,
        endpoint: config.TENCENT_SMS_ENDPOINT,
      });
    case 'sim':
      return createSimulatedSms(db, log);
  }
}
