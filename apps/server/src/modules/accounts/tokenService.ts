import type { Config } from '../../config';
import { keyedHash } from '../../lib/crypto';

export const tokenHash = (config: Pick<Config, 'appSecret'>, token: string): Buffer => keyedHash(config.appSecret, 'token', token);

export const ANONYMOUS_TOKEN_TTL_MS = 30 * 86_400_000;
export const USER_TOKEN_TTL_MS = 30 * 86_400_000;
