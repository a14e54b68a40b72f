import { OtpRules } from '@maika/shared';
import type { FastifyBaseLogger } from 'fastify';
import { join } from 'node:path';
import type { Config } from './config';
import type { Database } from './db/client';
import { createLimits, type LimitRules, type Limits } from './lib/limits';
import { createSmsProvider, type SmsProvider } from './providers/sms';
import { createLocalStorage } from './providers/storage/local';
import type { Storage } from './providers/storage';

/** Everything a service needs from outside itself, built once at start (or per test). */
export interface Deps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  storage: Storage;
  limits: Limits;
}

export function limitRulesOf(config: Config): LimitRules {
  return {
    smsIntervalSeconds: OtpRules.resendIntervalSeconds,
    smsPhonePerDay: config.SMS_PHONE_DAILY_LIMIT ?? OtpRules.dailyCapPerPhone,
    smsIpPerDay: config.SMS_IP_DAILY_LIMIT ?? OtpRules.dailyCapPerIp,
  };
}

export function createDeps(
  config: Config,
  database: Database,
  options: { log?: Pick<FastifyBaseLogger, 'info'>; sms?: SmsProvider; limitRules?: Partial<LimitRules> } = {},
): Deps {
  return {
    config,
    database,
    sms: options.sms ?? createSmsProvider(config, database.db, options.log),
    storage: createLocalStorage(join(config.dataDir, 'uploads')),
    limits: createLimits(database.pool, { ...limitRulesOf(config), ...options.limitRules }),
  };
}
