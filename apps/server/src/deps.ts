import { OtpRules } from '@maika/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { createJobs, type Jobs } from './jobs/boss';
import { rememberPreviousKeys } from './lib/crypto';
import { PublicCache } from './lib/publicCache';
import { systemResolver, type HostResolver } from './lib/publicAddress';
import { SessionCache } from './lib/sessionCache';
import type { AlertLog } from './lib/alertLog';
import type { Session } from './lib/session';
import {
  ADMIN_LOGIN_DELAY_MAX_MS,
  createLimits,
  systemClock,
  UPLOADS_PER_MINUTE_LIMIT,
  type Clock,
  type LimitRules,
  type Limits,
} from './lib/limits';
import { createPayoutProviders, type PayoutProviders } from './providers/payout';
import { createSmsProvider, type SmsNoticeSender, type SmsProvider } from './providers/sms';
import { createSubscribeMessageSenders, type SubscribeMessageSenders } from './providers/subscribeMessage';
import { FACE_CERTIFY_DAILY_LIMIT, createFaceProvider, type FaceProvider } from './providers/face';
import { createMiniProgramProviders, type MiniProgramProviders } from './providers/miniProgram';
import { createStorage, type Storage } from './providers/storage';
import { createCardChannels, type CardChannels } from './providers/channel';
import { createLogisticsProvider, type LogisticsProvider } from './providers/logistics';

/** Everything a service needs from outside itself, built once at start (or per test). */
export interface Deps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  /** The same SMS vendor sending notices to sellers (modules/messages). */
  smsNotices: SmsNoticeSender;
  /** WeChat and Alipay subscribe messages. */
  subscribeMessages: SubscribeMessageSenders;
  storage: Storage;
  limits: Limits;
  /** The time the limiters and the SMS codes go by; tests move it instead of waiting. */
  clock: Clock;
  face: FaceProvider;
  miniProgram: MiniProgramProviders;
  jobs: Jobs;
  payouts: PayoutProviders;
  cardChannels: CardChannels;
  logistics: LogisticsProvider;
  /** Public content and the catalogue kept in process; see lib/publicCache.ts. */
  publicCache: PublicCache;
  /** Client sessions kept in process; see lib/sessionCache.ts. */
  sessions: SessionCache<Session>;
  /** Operational alerts from services (the SMS budget); silent when no logger was given. */
  log: AlertLog;
  /** How host names given by others (merchants' callback addresses) are resolved; tests make a name resolve anywhere. */
  resolveHost: HostResolver;
}

const silentLog: AlertLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function limitRulesOf(config: Config): LimitRules {
  return {
    smsIntervalSeconds: config.SMS_RESEND_SECONDS,
    smsPhonePerDay: config.SMS_PHONE_DAILY_LIMIT ?? OtpRules.dailyCapPerPhone,
    smsIpPerDay: config.SMS_IP_DAILY_LIMIT ?? OtpRules.dailyCapPerIp,
    faceCertifyPerDay: config.FACE_DAILY_LIMIT ?? FACE_CERTIFY_DAILY_LIMIT,
    smsGlobalPerHour: config.SMS_GLOBAL_HOURLY_LIMIT,
    tokensPerNetworkHour: config.TOKEN_NETWORK_HOURLY_LIMIT,
    adminLoginDelayMaxMs: ADMIN_LOGIN_DELAY_MAX_MS,
    uploadsPerMinute: UPLOADS_PER_MINUTE_LIMIT,
    smsNoticePerUserHour: config.MESSAGE_SMS_HOURLY_LIMIT,
    merchantRequestsPerMinute: config.MERCHANT_REQUESTS_PER_MINUTE,
  };
}

export function createDeps(
  config: Config,
  database: Database,
  options: {
    log?: AlertLog;
    sms?: SmsProvider;
    limitRules?: Partial<LimitRules>;
    clock?: Clock;
    face?: FaceProvider;
    miniProgram?: MiniProgramProviders;
    payouts?: PayoutProviders;
  } = {},
): Deps {
  rememberPreviousKeys(config.dataEncryptionKey, config.previousDataEncryptionKeys);
  const clock = options.clock ?? systemClock;
  const smsGateway = createSmsProvider(config, database.db, options.log);
  return {
    config,
    database,
    sms: options.sms ?? smsGateway,
    smsNotices: smsGateway,
    subscribeMessages: createSubscribeMessageSenders(config, database.db, options.log),
    storage: createStorage(config),
    limits: createLimits(database.pool, { ...limitRulesOf(config), ...options.limitRules }, clock),
    clock,
    face: options.face ?? createFaceProvider(config, database.db),
    miniProgram: options.miniProgram ?? createMiniProgramProviders(config),
    jobs: createJobs(database.pool),
    payouts: options.payouts ?? createPayoutProviders(config, database.db),
    cardChannels: createCardChannels(config),
    logistics: createLogisticsProvider(),
    publicCache: new PublicCache(),
    sessions: new SessionCache<Session>(),
    log: options.log ?? silentLog,
    resolveHost: systemResolver,
  };
}
