import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { abuseEnv } from './config/abuse';
import { cardChannelEnv, cardChannelProblems } from './config/cardChannel';
import { secret } from './config/fields';
import { identityEnv, identityProblems } from './config/identity';
import { messagesEnv, messagesProblems } from './config/messages';
import { merchantEnv, merchantProblems } from './config/merchants';
import { operatorEnv, operatorProblems } from './config/operators';
import { payoutEnv, payoutProblems } from './config/payout';
import { runtimeEnv, runtimeProblems } from './config/runtime';
import { smsEnv, smsProblems } from './config/sms';

/** How the server runs when NODE_ENV is not set: production, unless started as the demo (`npm start`). */
export type Mode = 'development' | 'production';

const envSchema = (defaultMode: Mode) =>
  z.object({
    // Production unless told otherwise: a forgotten NODE_ENV must never turn the simulators on.
    NODE_ENV: z
      .enum(['development', 'test', 'production'], {
        error: 'NODE_ENV must be one of development, test, production',
      })
      .default(defaultMode),
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
      .refine(
        (v) => v !== 'true',
        'TRUST_PROXY=true would trust any client-supplied address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.2)',
      )
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
    // Keys a rotation retired: still read, never written; `npm run keys:reencrypt` moves their values.
    DATA_ENCRYPTION_KEYS_PREVIOUS: z
      .string()
      .refine(
        (v) => v.split(',').every((k) => Buffer.from(k.trim(), 'base64').length === 32),
        'DATA_ENCRYPTION_KEYS_PREVIOUS must be the retired keys, each 32 bytes in base64, separated by commas',
      )
      .optional(),
    SEED_DEMO: z.enum(['true', 'false'], { error: 'SEED_DEMO must be true or false' }).optional(),
    ...smsEnv,
    ...identityEnv,
    ...payoutEnv,
    ...cardChannelEnv,
    ...runtimeEnv,
    ...operatorEnv,
    ...messagesEnv,
    // Abuse limits: SMS budget, anonymous tokens per network, upload quotas.
    ...abuseEnv,
    ...merchantEnv,
  });

export type Env = z.infer<ReturnType<typeof envSchema>>;

export interface Config extends Omit<Env, 'APP_SECRET' | 'DATA_ENCRYPTION_KEY' | 'DATA_ENCRYPTION_KEYS_PREVIOUS' | 'SEED_DEMO'> {
  /** Development or test: the simulators, the development routes and generated secrets are allowed. */
  demo: boolean;
  dataDir: string;
  appSecret: string;
  /** Writes every new encrypted value. */
  dataEncryptionKey: Buffer;
  /** Read only: values written before the last rotations. */
  previousDataEncryptionKeys: Buffer[];
  seedDemo: boolean;
}

export class ConfigError extends Error {
  constructor(
    public readonly problems: string[],
    heading = 'Maika will not start; fix these settings (NODE_ENV is production unless set; npm start runs the demo):',
  ) {
    super(`${heading}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** `VAR=` in a shell or an env file means "not set", not "set to nothing". */
const givenSettings = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));

const issueLines = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const missingSecretProblems = {
  APP_SECRET: 'generate one with: openssl rand -base64 48',
  DATA_ENCRYPTION_KEY: 'generate one with: openssl rand -base64 32 (and keep it: data encrypted with it cannot be read without it)',
} as const;

/** The configuration from parsed settings, with the secrets to use; derived values filled in. */
function configOf(e: Env, dataDir: string, secrets: { appSecret: string; dataEncryptionKey: string }): Config {
  const { APP_SECRET, DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_KEYS_PREVIOUS, SEED_DEMO, ...rest } = e;
  return {
    ...rest,
    demo: e.NODE_ENV !== 'production',
    dataDir,
    appSecret: APP_SECRET ?? secrets.appSecret,
    dataEncryptionKey: Buffer.from(DATA_ENCRYPTION_KEY ?? secrets.dataEncryptionKey, 'base64'),
    previousDataEncryptionKeys: (DATA_ENCRYPTION_KEYS_PREVIOUS ?? '')
      .split(',')
      .filter((k) => k.trim())
      .map((k) => Buffer.from(k.trim(), 'base64')),
    seedDemo: SEED_DEMO ? SEED_DEMO === 'true' : e.NODE_ENV === 'development',
  };
}

/**
 * Reads the environment once at start; every problem is reported at once, one line per variable.
 * `defaultMode` is the mode when NODE_ENV is not set: production, except for `npm start --demo`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaultMode: Mode = 'production'): Config {
  const parsed = envSchema(defaultMode).safeParse(givenSettings(env));
  if (!parsed.success) throw new ConfigError(issueLines(parsed.error));
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    for (const name of ['APP_SECRET', 'DATA_ENCRYPTION_KEY'] as const) {
      if (!e[name]) problems.push(`${name}: required in production; ${missingSecretProblems[name]}`);
    }
    if (!e.DATABASE_URL)
      problems.push(
        'DATABASE_URL: required in production, e.g. postgres://maika:password@db.internal:5432/maika (the embedded database is only for the demo)',
      );
    if (e.SEED_DEMO === 'true') problems.push('SEED_DEMO: demo data cannot be loaded in production; remove SEED_DEMO');
  }
  problems.push(
    ...smsProblems(e),
    ...identityProblems(e),
    ...payoutProblems(e),
    ...cardChannelProblems(e),
    ...runtimeProblems(e),
    ...operatorProblems(e),
    ...messagesProblems(e),
    ...merchantProblems(e),
  );
  if (problems.length) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const both = e.APP_SECRET && e.DATA_ENCRYPTION_KEY;
  return configOf(e, dataDir, both ? { appSecret: e.APP_SECRET!, dataEncryptionKey: e.DATA_ENCRYPTION_KEY! } : developmentSecrets(dataDir));
}

/** The settings a command-line tool uses besides its database; only these are asked of it. */
export type ToolSetting = 'APP_SECRET' | 'DATA_ENCRYPTION_KEY';

/**
 * For the command-line tools (npm run admin, ledger:check, keys:reencrypt): with DATABASE_URL they
 * act on that database as the server there would (production unless NODE_ENV says otherwise);
 * without it the only database is the demo's embedded one in DATA_DIR, so they read the demo's
 * settings. Only the database, the mode and the settings the tool names in `uses` are read and
 * checked: the vendors (SMS, payouts, card channel) are the server's business, not the tool's.
 * In production, a secret the tool does not use is a throwaway value nothing is read or written with.
 */
export function loadToolConfig(tool: { name: string; uses: ToolSetting[] }, env: NodeJS.ProcessEnv = process.env): Config {
  const read = ['NODE_ENV', 'DATA_DIR', 'DATABASE_URL', ...tool.uses];
  if (tool.uses.includes('DATA_ENCRYPTION_KEY')) read.push('DATA_ENCRYPTION_KEYS_PREVIOUS');
  const given = givenSettings(Object.fromEntries(read.map((name) => [name, env[name]])));
  const parsed = envSchema(env.DATABASE_URL ? 'production' : 'development').safeParse(given);
  const heading = `${tool.name} cannot run; fix these settings (NODE_ENV is production when DATABASE_URL is set and NODE_ENV is not):`;
  if (!parsed.success) throw new ConfigError(issueLines(parsed.error), heading);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV !== 'production') return configOf(e, dataDir, developmentSecrets(dataDir));
  const problems: string[] = [];
  if (!e.DATABASE_URL)
    problems.push(`DATABASE_URL: ${tool.name} needs the database to work on, e.g. postgres://maika:password@db.internal:5432/maika`);
  for (const name of tool.uses) {
    if (!e[name]) problems.push(`${name}: ${tool.name} needs it; give the value the server runs with`);
  }
  if (problems.length) throw new ConfigError(problems, heading);
  return configOf(e, dataDir, throwawaySecrets());
}

function throwawaySecrets(): { appSecret: string; dataEncryptionKey: string } {
  return { appSecret: randomBytes(48).toString('base64'), dataEncryptionKey: randomBytes(32).toString('base64') };
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
