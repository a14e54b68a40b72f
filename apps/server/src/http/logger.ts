import pino, { type Logger } from 'pino';
import type { Config } from '../config';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
export const redactPaths = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.token',
  '*.code',
  '*.simulatedCode',
  '*.password',
  '*.otp',
  '*.secret',
  '*.recoveryCodes',
  '*.cardNo',
  '*.cardPwd',
  '*.idNum',
];

/**
 * The address a request is logged under. A private image's query string is its signature, which
 * works as a permission until it expires: the path alone says which image was asked for.
 */
export const loggedUrl = (url: string): string => (url.startsWith('/api/file/private/') ? url.split('?')[0]! : url);

type LoggedRequest = {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's own request serializer (fastify/lib/logger-pino.js), with the URL through `loggedUrl`. */
const requestSerializer = (req: LoggedRequest) => ({
  method: req.method,
  url: loggedUrl(req.url),
  version: req.headers?.['accept-version'],
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: requestSerializer } },
    stream ?? process.stdout,
  );
}

/**
 * The server process's logger: JSON lines for log collectors in production, lines a person reads
 * (pino-pretty, loaded only then: production does not install it) in development.
 */
export async function createProcessLogger(config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT' | 'NODE_ENV'>): Promise<Logger> {
  const format = config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json');
  if (format === 'json') return createLogger(config.LOG_LEVEL);
  const { default: pretty } = await import('pino-pretty');
  // Synchronous, so the last lines before an exit (a refusal, a crash) are not lost.
  return createLogger(
    config.LOG_LEVEL,
    pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  );
}
