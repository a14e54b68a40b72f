/**
 * A production configuration with every vendor real and pointed at our local fakes: SMS through
 * the fake Aliyun gateway, face verification through the fake Alipay gateway, cards through the
 * fake supplier, payouts offline, no mini-programs. Nothing simulated, nothing generated.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAlipayKeys, startAlipayGateway, type AlipayGateway } from './fakes/alipayGateway';
import { startAliyunSmsGateway, type AliyunSmsGateway } from './fakes/aliyunSmsGateway';
import { startCardSupplier, type CardSupplier } from './fakes/cardSupplier';

export const ALIYUN = { accessKeyId: 'LTAI-production-test', secret: 'aliyun-production-secret' };
export const SUPPLIER = { merchantId: 'maika-prod-0001', secret: 'supplier-secret-'.padEnd(48, 's') };
export const METRICS_TOKEN = 'metrics-token-production-0001';

export interface ProductionVendors {
  sms: AliyunSmsGateway;
  alipay: AlipayGateway;
  supplier: CardSupplier;
  /** The settings every instance shares, PUBLIC_URL aside. */
  env: Record<string, string>;
  /** The newest login code the fake Aliyun gateway was asked to send to a phone. */
  codeSentTo(phone: string): string;
  close(): Promise<void>;
}

export async function startProductionVendors(databaseUrl: string): Promise<ProductionVendors> {
  const keys = generateAlipayKeys();
  const sms = await startAliyunSmsGateway(ALIYUN);
  const alipay = await startAlipayGateway({ appId: '2021000000000001', keys });
  const supplier = await startCardSupplier(SUPPLIER);
  const dataDir = mkdtempSync(join(tmpdir(), 'maika-production-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(48).toString('base64'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    METRICS_TOKEN,
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
    ALIYUN_ACCESS_KEY_SECRET: ALIYUN.secret,
    ALIYUN_SMS_ENDPOINT: sms.url,
    SMS_TEMPLATE_LOGIN: 'SMS_100000001',
    SMS_TEMPLATE_MODIFY_PHONE: 'SMS_100000002',
    FACE_PROVIDER: 'alipay',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: keys.appPrivateKey,
    ALIPAY_PUBLIC_KEY: keys.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.gatewayUrl,
    MINI_PROGRAM_PROVIDER: 'off',
    PAYOUT_PROVIDER_ALIPAY: 'offline',
    PAYOUT_PROVIDER_WECHAT: 'offline',
    CARD_CHANNEL: 'http',
    CARD_CHANNEL_HTTP_URL: supplier.url,
    CARD_CHANNEL_HTTP_MERCHANT_ID: SUPPLIER.merchantId,
    CARD_CHANNEL_HTTP_SECRET: SUPPLIER.secret,
  };
  const codeSentTo = (phone: string) => {
    const sent = sms.received.filter((r) => r.params.PhoneNumbers === phone && r.params.TemplateParam);
    const last = sent[sent.length - 1];
    if (!last) throw new Error(`the fake Aliyun gateway was asked to send nothing to ${phone}`);
    return (JSON.parse(last.params.TemplateParam!) as { code: string }).code;
  };
  return {
    sms,
    alipay,
    supplier,
    env,
    codeSentTo,
    close: async () => {
      await Promise.all([sms.close(), alipay.close(), supplier.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
