import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = () => mkdtempSync(join(tmpdir(), 'maika-config-'));
const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};
const strongSecret = 'a'.repeat(48);
const key = Buffer.alloc(32, 7).toString('base64');

describe('configuration', () => {
  it('starts with nothing set: port 8080, ./data, development, generated secrets', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(8080);
    expect(config.NODE_ENV).toBe('development');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.dataEncryptionKey).toHaveLength(32);
    expect(config.seedDemo).toBe(true);
  });

  it('keeps generated development secrets across restarts, so tokens survive', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(loadConfig({ DATA_DIR: dir }).appSecret);
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
    expect(problems).toEqual([
      'APP_SECRET: required in production',
      'DATA_ENCRYPTION_KEY: required in production',
      'DATABASE_URL: required in production (the embedded database is for development)',
      'SMS_PROVIDER: the simulator cannot be used in production; choose aliyun or tencent',
    ]);
  });

  it('rejects weak secrets with the command that makes a good one', () => {
    const problems = problemsOf({ APP_SECRET: 'short', DATA_ENCRYPTION_KEY: 'c2hvcnQ=' });
    expect(problems).toEqual([
      'APP_SECRET: APP_SECRET must be at least 32 characters; generate one with: openssl rand -base64 48',
      'DATA_ENCRYPTION_KEY: DATA_ENCRYPTION_KEY must be 32 bytes in base64; generate one with: openssl rand -base64 32',
    ]);
  });

  it('trusts a number of proxies or their addresses, never every forwarded address', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1,10.0.0.2' }).TRUST_PROXY).toBe('10.0.0.1,10.0.0.2');
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: TRUST_PROXY=true would trust any client-supplied address/);
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
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: strongSecret,
      DATA_ENCRYPTION_KEY: key,
      DATABASE_URL: 'postgres://maika@db.internal/maika',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      SMS_TEMPLATE_LOGIN: 'SMS_1',
      SMS_TEMPLATE_MODIFY_PHONE: 'SMS_2',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.dataEncryptionKey.equals(Buffer.alloc(32, 7))).toBe(true);
  });
});
