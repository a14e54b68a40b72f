import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { abuseEnv } from './config/abuse';
import { cardChannelEnv, cardChannelProblems } from './config/cardChannel';
import { secret } from './config/fields';
import { identityEnv, identityProblems } from './config/identity';
import { payoutEnv, payoutProblems } from './config/payout';
import { smsEnv, smsProblems } from './config/sms';

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'NODE_ENV must be one of development, test, production',
    })
    .default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(8080),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // Trusting every X-Forwarded-For hop would let a client choose its own IP and slip past the
  // per-IP limits, so only a hop count or a list of proxy addresses is accepted.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v !== 'true', 'TRUST_PROXY=true would trust any client-supplied address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.2)')
    .transform((v): boolean | number | string => (v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a full URL like https://maika.example.com').optional(),
  APP_SECRET: secret('APP_SECRET'),
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'DATA_ENCRYPTION_KEY must be 32 bytes in base64; generate one with: openssl rand -base64 32',
    )
    .optional(),
  SEED_DEMO: z
    .enum(['true', 'false'], { error: 'SEED_DEMO must be true or false' })
    .optional(),
  ...smsEnv,
  ...identityEnv,
  ...payoutEnv,
  ...cardChannelEnv,
  // Abuse limits: SMS budget, anonymous tokens per network, upload quotas.
  ...abuseEnv,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'APP_SECRET' | 'DATA_ENCRYPTION_KEY' | 'SEED_DEMO'> {
  dataDir: string;
  appSecret: string;
  dataEncryptionKey: Buffer;
  seedDemo: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment once at start; every problem is reported at once, one line per variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `VAR=` in a shell or an env file means "not set", not "set to nothing".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.APP_SECRET) problems.push('APP_SECRET: required in production');
    if (!e.DATA_ENCRYPTION_KEY) problems.push('DATA_ENCRYPTION_KEY: required in production');
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production (the embedded database is for development)');
  }
  problems.push(...smsProblems(e), ...identityProblems(e), ...payoutProblems(e), ...cardChannelProblems(e));
  if (problems.length) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const dev = e.APP_SECRET && e.DATA_ENCRYPTION_KEY ? undefined : developmentSecrets(dataDir);
  const { APP_SECRET, DATA_ENCRYPTION_KEY, SEED_DEMO, ...rest } = e;
  return {
    ...rest,
    dataDir,
    appSecret: APP_SECRET ?? dev!.appSecret,
    dataEncryptionKey: Buffer.from(DATA_ENCRYPTION_KEY ?? dev!.dataEncryptionKey, 'base64'),
    seedDemo: SEED_DEMO ? SEED_DEMO === 'true' : e.NODE_ENV === 'development',
  };
}

/**
 * Outside production, secrets not given are generated once and kept in DATA_DIR, so tokens and
 * encrypted fields survive a restart of a development server.
 */
function developmentSecrets(dataDir: string): { appSecret: string; dataEncryptionKey: string } {
  const file = join(dataDir, 'dev-secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    const secrets = {
      appSecret: randomBytes(48).toString('base64'),
      dataEncryptionKey: randomBytes(32).toString('base64'),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  }
}
