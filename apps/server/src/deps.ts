import type { Config } from './config';
import type { Database } from './db/client';
import type { Limits } from './lib/limits';
import type { SmsProvider } from './providers/sms';
import type { Storage } from './providers/storage';

/** Everything a service needs from outside itself, built once at start (or per test). */
export interface Deps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  storage: Storage;
  limits: Limits;
}
