import pino, { type Logger } from 'pino';

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

export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' } }, stream ?? process.stdout);
}
