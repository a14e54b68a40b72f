import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadToolConfig } from './config';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = () => mkdtempSync(join(tmpdir(), 'maika-config-'));
/** As `npm start` (the demo) reads the environment: development unless NODE_ENV says otherwise. */
const loadDemo = (env: NodeJS.ProcessEnv) => loadConfig(env, 'development');
const problemsOf = (env: NodeJS.ProcessEnv, defaultMode: 'development' | 'production' = 'development'): string[] => {
  try {
    loadConfig(env, defaultMode);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};
const strongSecret = 'a'.repeat(48);
const key = Buffer.alloc(32, 7).toString('base64');
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** As operators paste them: the app key as the bare base64 the key tool prints, Alipay's key as inline PEM. */
const alipayEnv = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: rsa.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  ALIPAY_PUBLIC_KEY: rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString().replace(/\n/g, '\\n'),
};

describe('configuration', () => {
  it('is in production when NODE_ENV is not set, and then refuses to start naming every missing setting at once', () => {
    const problems = problemsOf({ DATA_DIR: dataDir() }, 'production');
    for (const name of [
      'DATABASE_URL',
      'APP_SECRET',
      'DATA_ENCRYPTION_KEY',
      'SMS_PROVIDER',
      'FACE_PROVIDER',
      'MINI_PROGRAM_PROVIDER',
      'PAYOUT_PROVIDER_ALIPAY',
      'PAYOUT_PROVIDER_WECHAT',
      'CARD_CHANNEL',
    ]) {
      expect(
        problems.some((p) => p.startsWith(`${name}: `)),
        name,
      ).toBe(true);
    }
  });

  it('refuses demo data and open development routes in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production', SEED_DEMO: 'true', DEV_ROUTES_OPEN: 'true' });
    expect(problems).toContain('SEED_DEMO: demo data cannot be loaded in production; remove SEED_DEMO');
    expect(problems).toContain('DEV_ROUTES_OPEN: there are no development routes in production; remove DEV_ROUTES_OPEN');
  });

  it('lets a web-only site turn mini-program login off without WeChat or Alipay credentials', () => {
    const problems = problemsOf({ NODE_ENV: 'production', MINI_PROGRAM_PROVIDER: 'off' });
    expect(problems.filter((p) => /MINI_PROGRAM|WECHAT_MINI|ALIPAY_/.test(p))).toEqual([]);
    expect(problemsOf({ MINI_PROGRAM_PROVIDER: 'none' })).toEqual([
      'MINI_PROGRAM_PROVIDER: MINI_PROGRAM_PROVIDER must be sim, real or off',
    ]);
  });

  it('starts the demo with nothing set: port 8080, ./data, development, generated secrets', () => {
    const config = loadDemo({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(8080);
    expect(config.NODE_ENV).toBe('development');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.dataEncryptionKey).toHaveLength(32);
    expect(config.seedDemo).toBe(true);
  });

  it('runs job workers unless JOB_WORKERS is false, and says what it takes otherwise', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).JOB_WORKERS).toBe('true');
    expect(loadDemo({ DATA_DIR: dataDir(), JOB_WORKERS: 'false' }).JOB_WORKERS).toBe('false');
    expect(problemsOf({ JOB_WORKERS: 'no' })).toEqual(['JOB_WORKERS: JOB_WORKERS must be true or false']);
  });

  it('gives set-up links 24 hours and operator trust 30 days unless told otherwise, and says what it takes', () => {
    const config = loadDemo({ DATA_DIR: dataDir() });
    expect([config.OPERATOR_SETUP_HOURS, config.OPERATOR_TRUST_DAYS]).toEqual([24, 30]);
    expect(loadDemo({ DATA_DIR: dataDir(), OPERATOR_TRUST_DAYS: '90' }).OPERATOR_TRUST_DAYS).toBe(90);
    expect(problemsOf({ OPERATOR_TRUST_DAYS: '0', OPERATOR_SETUP_HOURS: 'a day' })).toEqual([
      'OPERATOR_SETUP_HOURS: OPERATOR_SETUP_HOURS must be a number of hours',
      'OPERATOR_TRUST_DAYS: OPERATOR_TRUST_DAYS must be between 1 and 365',
    ]);
  });

  it('keeps generated development secrets across restarts, so tokens survive', () => {
    const dir = dataDir();
    expect(loadDemo({ DATA_DIR: dir }).appSecret).toBe(loadDemo({ DATA_DIR: dir }).appSecret);
  });

  it('reports every bad variable at once, one line each, saying what to fix', () => {
    const problems = problemsOf({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: PORT must be a number',
        'NODE_ENV: NODE_ENV must be one of development, test, production',
        'DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
        'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      ]),
    );
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: PORT must be between 0 and 65535']);
  });

  it('refuses to start in production without explicit secrets, a DATABASE_URL and a real SMS gateway', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'APP_SECRET: required in production; generate one with: openssl rand -base64 48',
        'DATA_ENCRYPTION_KEY: required in production; generate one with: openssl rand -base64 32 (and keep it: data encrypted with it cannot be read without it)',
        'DATABASE_URL: required in production, e.g. postgres://maika:password@db.internal:5432/maika (the embedded database is only for the demo)',
        'SMS_PROVIDER: the simulator cannot be used in production; choose aliyun or tencent',
        'FACE_PROVIDER: the simulator cannot be used in production; choose alipay',
        'MINI_PROGRAM_PROVIDER: the simulator cannot be used in production; choose real (WeChat and Alipay mini-programs) or off (a web-only site)',
      ]),
    );
  });

  it('rejects weak secrets with the command that makes a good one', () => {
    const problems = problemsOf({ APP_SECRET: 'short', DATA_ENCRYPTION_KEY: 'c2hvcnQ=' });
    expect(problems).toEqual([
      'APP_SECRET: APP_SECRET must be at least 32 characters; generate one with: openssl rand -base64 48',
      'DATA_ENCRYPTION_KEY: DATA_ENCRYPTION_KEY must be 32 bytes in base64; generate one with: openssl rand -base64 32',
    ]);
  });

  it('trusts a number of proxies or their addresses, never every forwarded address', () => {
    expect(loadDemo({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadDemo({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1,10.0.0.2' }).TRUST_PROXY).toBe('10.0.0.1,10.0.0.2');
    expect(loadDemo({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: TRUST_PROXY=true would trust any client-supplied address/);
  });

  it('keeps a minute between SMS codes to one phone unless told otherwise, and never less in production', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).SMS_RESEND_SECONDS).toBe(60);
    expect(loadDemo({ DATA_DIR: dataDir(), SMS_RESEND_SECONDS: '1' }).SMS_RESEND_SECONDS).toBe(1);
    expect(problemsOf({ DATA_DIR: dataDir(), SMS_RESEND_SECONDS: '0' })).toEqual([
      'SMS_RESEND_SECONDS: SMS_RESEND_SECONDS must be at least 1',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', SMS_RESEND_SECONDS: '59' })).toContain(
      'SMS_RESEND_SECONDS: at least 60 in production, so a phone gets at most one code a minute',
    );
    expect(problemsOf({ NODE_ENV: 'production', SMS_RESEND_SECONDS: '90' }).some((p) => p.startsWith('SMS_RESEND_SECONDS'))).toBe(false);
  });

  it('accepts a two-factor code one time step either side of now unless told otherwise, and never more in production', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).TWO_FACTOR_WINDOW_STEPS).toBe(1);
    expect(loadDemo({ DATA_DIR: dataDir(), TWO_FACTOR_WINDOW_STEPS: '20' }).TWO_FACTOR_WINDOW_STEPS).toBe(20);
    expect(problemsOf({ DATA_DIR: dataDir(), TWO_FACTOR_WINDOW_STEPS: '41' })).toEqual([
      'TWO_FACTOR_WINDOW_STEPS: TWO_FACTOR_WINDOW_STEPS must be between 0 and 40',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', TWO_FACTOR_WINDOW_STEPS: '2' })).toContain(
      'TWO_FACTOR_WINDOW_STEPS: at most 1 in production, so a two-factor code works for no more than a step either side of now',
    );
    for (const steps of ['0', '1'])
      expect(problemsOf({ NODE_ENV: 'production', TWO_FACTOR_WINDOW_STEPS: steps }).some((p) => p.startsWith('TWO_FACTOR'))).toBe(false);
  });

  it('runs the sweeps once a minute unless told otherwise, and never more often in production', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).SWEEP_INTERVAL_SECONDS).toBe(60);
    expect(loadDemo({ DATA_DIR: dataDir(), SWEEP_INTERVAL_SECONDS: '2' }).SWEEP_INTERVAL_SECONDS).toBe(2);
    expect(problemsOf({ DATA_DIR: dataDir(), SWEEP_INTERVAL_SECONDS: '0' })).toEqual([
      'SWEEP_INTERVAL_SECONDS: SWEEP_INTERVAL_SECONDS must be at least 1',
    ]);
    expect(problemsOf({ DATA_DIR: dataDir(), SWEEP_INTERVAL_SECONDS: '1.5' })).toEqual([
      'SWEEP_INTERVAL_SECONDS: SWEEP_INTERVAL_SECONDS must be a whole number of seconds',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', SWEEP_INTERVAL_SECONDS: '59' })).toContain(
      'SWEEP_INTERVAL_SECONDS: at least 60 in production, so the sweeps (which ask the card supplier about every late card) run at most once a minute',
    );
    expect(problemsOf({ NODE_ENV: 'production', SWEEP_INTERVAL_SECONDS: '60' }).some((p) => p.startsWith('SWEEP_INTERVAL_SECONDS'))).toBe(
      false,
    );
  });

  it('runs 8 card credits at once unless told otherwise, always fewer than the database connections of a process', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).CARD_CREDIT_CONCURRENCY).toBe(8);
    expect(loadDemo({ DATA_DIR: dataDir(), CARD_CREDIT_CONCURRENCY: '3' }).CARD_CREDIT_CONCURRENCY).toBe(3);
    expect(problemsOf({ DATA_DIR: dataDir(), CARD_CREDIT_CONCURRENCY: '0' })).toEqual([
      'CARD_CREDIT_CONCURRENCY: CARD_CREDIT_CONCURRENCY must be between 1 and 8, fewer than the 10 database connections of a process',
    ]);
    expect(problemsOf({ DATA_DIR: dataDir(), CARD_CREDIT_CONCURRENCY: '10' })).toEqual([
      'CARD_CREDIT_CONCURRENCY: CARD_CREDIT_CONCURRENCY must be between 1 and 8, fewer than the 10 database connections of a process',
    ]);
  });

  it('sends merchant callbacks to this machine only outside production, and retries them after waits of at least a second there', () => {
    const demo = loadDemo({ DATA_DIR: dataDir() });
    expect(demo.MERCHANT_CALLBACK_RETRY_SECONDS).toEqual([15, 60, 300, 900, 1800, 3600, 7200, 14400, 21600]);
    expect(demo.MERCHANT_CALLBACK_WINDOW_SECONDS).toBe(86_400);
    expect(loadDemo({ DATA_DIR: dataDir(), MERCHANT_CALLBACK_RETRY_SECONDS: '0, 0,3600' }).MERCHANT_CALLBACK_RETRY_SECONDS).toEqual([
      0, 0, 3600,
    ]);
    expect(problemsOf({ DATA_DIR: dataDir(), MERCHANT_CALLBACK_RETRY_SECONDS: '10,soon' })).toEqual([
      'MERCHANT_CALLBACK_RETRY_SECONDS: MERCHANT_CALLBACK_RETRY_SECONDS must be whole numbers of seconds (0 to 86400) separated by commas, like 15,60,300',
    ]);
    const production = problemsOf({
      NODE_ENV: 'production',
      MERCHANT_CALLBACK_ALLOW_LOOPBACK: 'true',
      MERCHANT_CALLBACK_RETRY_SECONDS: '0,60',
    });
    expect(production).toContain(
      'MERCHANT_CALLBACK_ALLOW_LOOPBACK: callbacks cannot go to this machine in production (a merchant could reach our own services); remove it',
    );
    expect(production).toContain(
      'MERCHANT_CALLBACK_RETRY_SECONDS: every wait must be at least 1 second in production, so a failing merchant is not hammered',
    );
  });

  it('asks for the credentials of the SMS gateway it is told to use', () => {
    expect(problemsOf({ SMS_PROVIDER: 'tencent', DATA_DIR: dataDir() })).toEqual([
      'TENCENT_SECRET_ID: required when SMS_PROVIDER=tencent',
      'TENCENT_SECRET_KEY: required when SMS_PROVIDER=tencent',
      'TENCENT_SMS_SDK_APP_ID: required when SMS_PROVIDER=tencent',
      'SMS_TEMPLATE_LOGIN: required when SMS_PROVIDER=tencent',
      'SMS_TEMPLATE_MODIFY_PHONE: required when SMS_PROVIDER=tencent',
    ]);
  });

  it('accepts a complete production configuration', () => {
    const config = loadDemo({
      NODE_ENV: 'production',
      APP_SECRET: strongSecret,
      DATA_ENCRYPTION_KEY: key,
      DATABASE_URL: 'postgres://maika@db.internal/maika',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      SMS_TEMPLATE_LOGIN: 'SMS_1',
      SMS_TEMPLATE_MODIFY_PHONE: 'SMS_2',
      FACE_PROVIDER: 'alipay',
      MINI_PROGRAM_PROVIDER: 'real',
      ...alipayEnv,
      WECHAT_MINI_APP_ID: 'wx0123456789abcdef',
      WECHAT_MINI_APP_SECRET: 'mini-secret',
      PAYOUT_PROVIDER_ALIPAY: 'alipay',
      PAYOUT_PROVIDER_WECHAT: 'offline',
      PUBLIC_URL: 'https://maika.example.com',
      CARD_CHANNEL: 'http',
      CARD_CHANNEL_HTTP_URL: 'https://supplier.example.com/api',
      CARD_CHANNEL_HTTP_MERCHANT_ID: 'maika-0001',
      CARD_CHANNEL_HTTP_SECRET: strongSecret,
    });
    expect(config.seedDemo).toBe(false);
    expect(config.dataEncryptionKey.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('face verification and mini-program login ask for the Alipay and WeChat credentials they use', () => {
    expect(problemsOf({ FACE_PROVIDER: 'alipay', DATA_DIR: dataDir() })).toEqual([
      'ALIPAY_APP_ID: required when FACE_PROVIDER=alipay',
      'ALIPAY_PRIVATE_KEY: required when FACE_PROVIDER=alipay',
      'ALIPAY_PUBLIC_KEY: required when FACE_PROVIDER=alipay',
    ]);
    expect(problemsOf({ MINI_PROGRAM_PROVIDER: 'real', ...alipayEnv, DATA_DIR: dataDir() })).toEqual([
      'WECHAT_MINI_APP_ID: required when MINI_PROGRAM_PROVIDER=real',
      'WECHAT_MINI_APP_SECRET: required when MINI_PROGRAM_PROVIDER=real',
    ]);
    const config = loadDemo({ FACE_PROVIDER: 'alipay', ...alipayEnv, DATA_DIR: dataDir() });
    expect(config.ALIPAY_GATEWAY).toBe('https://openapi.alipay.com/gateway.do');
    expect(config.FACE_ALIPAY_BIZ_CODE).toBe('FACE');
  });

  it('says which Alipay key is not a key', () => {
    expect(problemsOf({ ALIPAY_PRIVATE_KEY: 'MIIBOgIBAAJBAKj34', ALIPAY_PUBLIC_KEY: 'nope', DATA_DIR: dataDir() })).toEqual([
      "ALIPAY_PRIVATE_KEY: ALIPAY_PRIVATE_KEY must be the application's RSA private key (base64 from Alipay's key tool, or PEM)",
      "ALIPAY_PUBLIC_KEY: ALIPAY_PUBLIC_KEY must be Alipay's RSA public key for the application (base64, or PEM)",
    ]);
  });

  describe('WeChat Pay transfers', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const inline = (pem: string) => pem.trim().split('\n').join('\\n');
    const wechatPayEnv = {
      WECHAT_PAY_MCH_ID: '1900000109',
      WECHAT_PAY_APP_ID: 'wx8888888888888888',
      WECHAT_PAY_MERCHANT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_PRIVATE_KEY: inline(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
      WECHAT_PAY_PUBLIC_KEY: inline(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
      WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025010100000000000001',
    };

    it('reads inline PEM keys with \\n line breaks and defaults the scene and address', () => {
      const config = loadDemo({ ...wechatPayEnv, DATA_DIR: dataDir() });
      expect(config.WECHAT_PAY_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      expect(config.WECHAT_PAY_PUBLIC_KEY).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
      expect(config.WECHAT_PAY_TRANSFER_SCENE_ID).toBe('1000');
      expect(config.WECHAT_PAY_API_BASE).toBe('https://api.mch.weixin.qq.com');
    });

    it('asks for every WeChat Pay setting once one is given', () => {
      expect(problemsOf({ WECHAT_PAY_MCH_ID: '1900000109', DATA_DIR: dataDir() })).toEqual(
        [
          'WECHAT_PAY_APP_ID',
          'WECHAT_PAY_MERCHANT_SERIAL_NO',
          'WECHAT_PAY_PRIVATE_KEY',
          'WECHAT_PAY_PUBLIC_KEY',
          'WECHAT_PAY_PUBLIC_KEY_ID',
        ].map((name) => expect.stringMatching(new RegExp(`^${name}: required with WECHAT_PAY_MCH_ID`))),
      );
    });

    it('says which WeChat Pay value is wrong and what it should be', () => {
      const problems = problemsOf({
        ...wechatPayEnv,
        WECHAT_PAY_PRIVATE_KEY: 'apiclient_key.pem',
        WECHAT_PAY_PUBLIC_KEY_ID: '5157F09E',
        WECHAT_PAY_TRANSFER_SCENE_ID: '1005',
      });
      expect(problems).toEqual([
        expect.stringMatching(/^WECHAT_PAY_PRIVATE_KEY: WECHAT_PAY_PRIVATE_KEY must be the private key in PEM/),
        'WECHAT_PAY_PUBLIC_KEY_ID: WECHAT_PAY_PUBLIC_KEY_ID must be the id of the WeChat Pay public key (PUB_KEY_ID_…)',
        'WECHAT_PAY_TRANSFER_SCENE_ID: WECHAT_PAY_TRANSFER_SCENE_ID must be 1000 (现金营销) or 1010 (二手回收)',
      ]);
    });
  });

  describe('money', () => {
    it('defaults: simulated payouts that pay, a 5,000 yuan second-approval threshold, one open withdrawal', () => {
      const config = loadDemo({ DATA_DIR: dataDir() });
      expect(config).toMatchObject({
        PAYOUT_PROVIDER_ALIPAY: 'sim',
        PAYOUT_PROVIDER_WECHAT: 'sim',
        PAYOUT_SIM_OUTCOME: 'paid',
        PAYOUT_SIM_DELAY_MS: 0,
        WITHDRAWAL_SECOND_APPROVAL_FEN: 500_000,
        WITHDRAWAL_MAX_OPEN: 1,
      });
    });

    it('says what is wrong with each money setting', () => {
      expect(
        problemsOf({
          DATA_DIR: dataDir(),
          PAYOUT_SIM_OUTCOME: 'maybe',
          WITHDRAWAL_SECOND_APPROVAL_FEN: '12.5',
          PAYOUT_PROVIDER_WECHAT: 'wechat',
        }),
      ).toEqual([
        'PAYOUT_SIM_OUTCOME: PAYOUT_SIM_OUTCOME must be one of paid, failed, processing, awaitingConfirmation',
        'WITHDRAWAL_SECOND_APPROVAL_FEN: WITHDRAWAL_SECOND_APPROVAL_FEN must be a whole number of fen',
      ]);
      expect(problemsOf({ DATA_DIR: dataDir(), PAYOUT_PROVIDER_WECHAT: 'wechat' })[0]).toMatch(
        /^PAYOUT_PROVIDER_WECHAT: wechat needs the WeChat Pay settings/,
      );
    });

    it('never simulates payouts in production: each channel pays through its vendor or offline', () => {
      const production = {
        NODE_ENV: 'production',
        APP_SECRET: strongSecret,
        DATA_ENCRYPTION_KEY: key,
        DATABASE_URL: 'postgres://db/maika',
      };
      const problems = problemsOf({ ...production, PAYOUT_PROVIDER_WECHAT: 'offline' });
      expect(problems).toContain('PAYOUT_PROVIDER_ALIPAY: the simulator cannot be used in production; choose the vendor or offline');
      expect(problems.some((p) => p.startsWith('PAYOUT_PROVIDER_WECHAT'))).toBe(false);
    });

    it('asks for the Alipay credentials when Alipay pays out', () => {
      expect(problemsOf({ DATA_DIR: dataDir(), PAYOUT_PROVIDER_ALIPAY: 'alipay' })).toEqual([
        'ALIPAY_APP_ID: required when PAYOUT_PROVIDER_ALIPAY=alipay',
        'ALIPAY_PRIVATE_KEY: required when PAYOUT_PROVIDER_ALIPAY=alipay',
        'ALIPAY_PUBLIC_KEY: required when PAYOUT_PROVIDER_ALIPAY=alipay',
      ]);
      expect(problemsOf({ DATA_DIR: dataDir(), PAYOUT_PROVIDER_ALIPAY: 'alipay', ...alipayEnv })).toEqual([]);
    });
  });
});

describe('message delivery settings', () => {
  it('defaults to 5 SMS notices a user an hour, 6 tries from 30 s and a 10 minute sending time-out', () => {
    const config = loadDemo({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      MESSAGE_SMS_HOURLY_LIMIT: 5,
      MESSAGE_MAX_ATTEMPTS: 6,
      MESSAGE_RETRY_SECONDS: 30,
      MESSAGE_SENDING_TIMEOUT_SECONDS: 600,
      WECHAT_MINI_PROGRAM_STATE: 'formal',
    });
    expect(loadDemo({ DATA_DIR: dataDir(), MESSAGE_RETRY_SECONDS: '0', MESSAGE_SENDING_TIMEOUT_SECONDS: '0' })).toMatchObject({
      MESSAGE_RETRY_SECONDS: 0,
      MESSAGE_SENDING_TIMEOUT_SECONDS: 0,
    });
  });

  it('says what is wrong with each, and in production gives a send a minute and opens only the released mini-program', () => {
    expect(
      problemsOf({ DATA_DIR: dataDir(), MESSAGE_SMS_HOURLY_LIMIT: '0', MESSAGE_MAX_ATTEMPTS: '21', WECHAT_MINI_PROGRAM_STATE: 'beta' }),
    ).toEqual([
      'MESSAGE_SMS_HOURLY_LIMIT: MESSAGE_SMS_HOURLY_LIMIT must be at least 1',
      'MESSAGE_MAX_ATTEMPTS: MESSAGE_MAX_ATTEMPTS must be between 1 and 20',
      'WECHAT_MINI_PROGRAM_STATE: WECHAT_MINI_PROGRAM_STATE must be formal, trial or developer',
    ]);
    const production = problemsOf({ NODE_ENV: 'production', MESSAGE_SENDING_TIMEOUT_SECONDS: '30', WECHAT_MINI_PROGRAM_STATE: 'trial' });
    expect(production).toContain('MESSAGE_SENDING_TIMEOUT_SECONDS: at least 60 in production, longer than any vendor call may take');
    expect(production).toContain('WECHAT_MINI_PROGRAM_STATE: sellers use the released mini-program in production; remove it or set formal');
  });
});

describe('card channel settings', () => {
  it('defaults the poll to 5 minutes and leaves the simulator delay to the environment', () => {
    const config = loadDemo({ DATA_DIR: dataDir() });
    expect(config.CHANNEL_POLL_AFTER_SECONDS).toBe(300);
    expect(config.CHANNEL_SIM_DELAY_MS).toBeUndefined();
    expect(loadDemo({ DATA_DIR: dataDir(), CHANNEL_SIM_DELAY_MS: '20' }).CHANNEL_SIM_DELAY_MS).toBe(20);
  });

  it('queues a lost hand-over or credit again after a minute unless told otherwise, and never sooner in production', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).CARD_REQUEUE_AFTER_SECONDS).toBe(60);
    expect(loadDemo({ DATA_DIR: dataDir(), CARD_REQUEUE_AFTER_SECONDS: '5' }).CARD_REQUEUE_AFTER_SECONDS).toBe(5);
    expect(problemsOf({ DATA_DIR: dataDir(), CARD_REQUEUE_AFTER_SECONDS: '3601' })).toEqual([
      'CARD_REQUEUE_AFTER_SECONDS: CARD_REQUEUE_AFTER_SECONDS must be at most 3600',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', CARD_REQUEUE_AFTER_SECONDS: '30' })).toContain(
      'CARD_REQUEUE_AFTER_SECONDS: at least 60 in production, so a hand-over or credit still under way is not queued a second time',
    );
    expect(
      problemsOf({ NODE_ENV: 'production', CARD_REQUEUE_AFTER_SECONDS: '120' }).some((p) => p.startsWith('CARD_REQUEUE_AFTER_SECONDS')),
    ).toBe(false);
    // It is also how long a hand-over in flight holds its card: longer than the supplier may take to answer.
    expect(problemsOf({ NODE_ENV: 'production', CARD_REQUEUE_AFTER_SECONDS: '60', CARD_CHANNEL_HTTP_TIMEOUT_MS: '90000' })).toContain(
      "CARD_REQUEUE_AFTER_SECONDS: longer than CARD_CHANNEL_HTTP_TIMEOUT_MS (90000 ms), so a hand-over still waiting for the supplier's answer is not made a second time",
    );
    expect(
      problemsOf({ NODE_ENV: 'production', CARD_REQUEUE_AFTER_SECONDS: '91', CARD_CHANNEL_HTTP_TIMEOUT_MS: '90000' }).some((p) =>
        p.startsWith('CARD_REQUEUE_AFTER_SECONDS'),
      ),
    ).toBe(false);
  });

  it('refuses a short simulator secret and a negative delay, naming each', () => {
    const problems = problemsOf({ DATA_DIR: dataDir(), CHANNEL_SIM_SECRET: 'short', CHANNEL_SIM_DELAY_MS: '-1' });
    expect(problems.some((p) => p.startsWith('CHANNEL_SIM_SECRET: CHANNEL_SIM_SECRET must be at least 32 characters'))).toBe(true);
    expect(problems.some((p) => p.startsWith('CHANNEL_SIM_DELAY_MS'))).toBe(true);
  });

  const supplierEnv = {
    CARD_CHANNEL_HTTP_URL: 'https://supplier.example.com/api',
    CARD_CHANNEL_HTTP_MERCHANT_ID: 'maika-0001',
    CARD_CHANNEL_HTTP_SECRET: strongSecret,
  };

  it('checks cards with the simulator unless told to use the supplier, named supplier with a 10 s time-out', () => {
    expect(loadDemo({ DATA_DIR: dataDir() }).CARD_CHANNEL).toBe('sim');
    const config = loadDemo({ DATA_DIR: dataDir(), CARD_CHANNEL: 'http', ...supplierEnv });
    expect(config).toMatchObject({ CARD_CHANNEL: 'http', CARD_CHANNEL_HTTP_NAME: 'supplier', CARD_CHANNEL_HTTP_TIMEOUT_MS: 10_000 });
  });

  it('asks for every supplier setting once the supplier is chosen or one of them is given', () => {
    expect(problemsOf({ DATA_DIR: dataDir(), CARD_CHANNEL: 'http' })).toEqual(
      ['CARD_CHANNEL_HTTP_URL', 'CARD_CHANNEL_HTTP_MERCHANT_ID', 'CARD_CHANNEL_HTTP_SECRET'].map((name) =>
        expect.stringMatching(new RegExp(`^${name}: required when CARD_CHANNEL=http`)),
      ),
    );
    expect(problemsOf({ DATA_DIR: dataDir(), CARD_CHANNEL_HTTP_URL: 'https://supplier.example.com' })).toEqual([
      expect.stringMatching(/^CARD_CHANNEL_HTTP_MERCHANT_ID: required with CARD_CHANNEL_HTTP_URL/),
      expect.stringMatching(/^CARD_CHANNEL_HTTP_SECRET: required with CARD_CHANNEL_HTTP_URL/),
    ]);
  });

  it('says which supplier value is wrong and what it should be', () => {
    const problems = problemsOf({
      DATA_DIR: dataDir(),
      CARD_CHANNEL: 'paper',
      CARD_CHANNEL_HTTP_NAME: 'sim',
      CARD_CHANNEL_HTTP_URL: 'supplier.example.com',
      CARD_CHANNEL_HTTP_SECRET: 'short',
      CARD_CHANNEL_HTTP_TIMEOUT_MS: '5',
    });
    expect(problems).toEqual([
      'CARD_CHANNEL: CARD_CHANNEL must be sim or http',
      "CARD_CHANNEL_HTTP_NAME: CARD_CHANNEL_HTTP_NAME must not be sim, the simulator's name",
      'CARD_CHANNEL_HTTP_URL: CARD_CHANNEL_HTTP_URL must be the http(s) address of the supplier API, like https://supplier.example.com/api',
      'CARD_CHANNEL_HTTP_SECRET: CARD_CHANNEL_HTTP_SECRET must be at least 32 characters; generate one with: openssl rand -base64 48',
      'CARD_CHANNEL_HTTP_TIMEOUT_MS: CARD_CHANNEL_HTTP_TIMEOUT_MS must be between 100 and 120000',
    ]);
    expect(problemsOf({ DATA_DIR: dataDir(), CARD_CHANNEL_HTTP_NAME: 'Supplier A' })[0]).toMatch(
      /^CARD_CHANNEL_HTTP_NAME: CARD_CHANNEL_HTTP_NAME must be 1 to 32 lowercase letters/,
    );
  });

  it('never checks cards with the simulator in production, and reaches the supplier only over https with a public callback address', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: strongSecret, DATA_ENCRYPTION_KEY: key, DATABASE_URL: 'postgres://db/maika' };
    expect(problemsOf(production)).toContain(
      'CARD_CHANNEL: the simulator cannot be used in production; choose http and set the CARD_CHANNEL_HTTP_* settings',
    );
    const problems = problemsOf({
      ...production,
      CARD_CHANNEL: 'http',
      ...supplierEnv,
      CARD_CHANNEL_HTTP_URL: 'http://supplier.example.com/api',
    });
    expect(problems).toContain(
      'CARD_CHANNEL_HTTP_URL: must start with https:// in production, unless the supplier is on this machine (card passwords travel in the request body)',
    );
    const local = problemsOf({ ...production, CARD_CHANNEL: 'http', ...supplierEnv, CARD_CHANNEL_HTTP_URL: 'http://127.0.0.1:9100/api' });
    expect(local.filter((p) => p.startsWith('CARD_CHANNEL_HTTP_URL'))).toEqual([]);
    expect(problems.some((p) => p.startsWith('PUBLIC_URL: required when CARD_CHANNEL=http in production'))).toBe(true);
    expect(problems.some((p) => p.startsWith('CARD_CHANNEL:'))).toBe(false);
  });
});

describe('the command-line tools', () => {
  const ledgerCheck = { name: 'ledger:check', uses: [] };
  const keysReencrypt = { name: 'keys:reencrypt', uses: ['DATA_ENCRYPTION_KEY' as const] };
  const toolProblems = (tool: Parameters<typeof loadToolConfig>[0], env: NodeJS.ProcessEnv) => {
    try {
      loadToolConfig(tool, env);
    } catch (e) {
      if (e instanceof ConfigError) return { problems: e.problems, message: e.message };
      throw e;
    }
    return { problems: [], message: '' };
  };

  it('ledger:check reads a demo data directory with NODE_ENV unset, whatever the vendors are set to', () => {
    const demo = dataDir();
    loadDemo({ DATA_DIR: demo });

    expect(loadToolConfig(ledgerCheck, { DATA_DIR: demo })).toMatchObject({ demo: true, dataDir: demo });
    const onItsDatabase = loadToolConfig(ledgerCheck, { DATA_DIR: demo, DATABASE_URL: 'postgres://127.0.0.1:5432/maika' });
    expect(onItsDatabase).toMatchObject({ demo: false, DATABASE_URL: 'postgres://127.0.0.1:5432/maika' });
    expect(toolProblems(ledgerCheck, { DATABASE_URL: 'postgres://db/maika', SMS_PROVIDER: 'sim', CARD_CHANNEL: 'http' }).problems).toEqual(
      [],
    );
  });

  it('names the setting a tool needs and lacks, and nothing else', () => {
    const refused = toolProblems(keysReencrypt, { DATABASE_URL: 'postgres://db/maika' });
    expect(refused.problems).toEqual(['DATA_ENCRYPTION_KEY: keys:reencrypt needs it; give the value the server runs with']);
    expect(refused.message).toMatch(/^keys:reencrypt cannot run; fix these settings/);

    expect(toolProblems(ledgerCheck, { NODE_ENV: 'production' }).problems).toEqual([
      'DATABASE_URL: ledger:check needs the database to work on, e.g. postgres://maika:password@db.internal:5432/maika',
    ]);
    expect(toolProblems(keysReencrypt, { DATABASE_URL: 'postgres://db/maika', DATA_ENCRYPTION_KEY: 'short' }).problems).toEqual([
      'DATA_ENCRYPTION_KEY: DATA_ENCRYPTION_KEY must be 32 bytes in base64; generate one with: openssl rand -base64 32',
    ]);
    const config = loadToolConfig(keysReencrypt, { DATABASE_URL: 'postgres://db/maika', DATA_ENCRYPTION_KEY: key });
    expect(config.dataEncryptionKey.toString('base64')).toBe(key);
  });
});
