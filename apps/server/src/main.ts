import { ConfigError, loadConfig } from './config';
import { createProcessLogger } from './http/logger';
import { StartRefused, startServer } from './server';

/**
 * The server process. Production unless NODE_ENV says otherwise; `--demo` (what `npm start`
 * passes) makes development the default instead: simulators, demo data, embedded database.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.includes('--demo') ? 'development' : 'production');
  const logger = await createProcessLogger(config);
  const server = await startServer(config, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing requests in flight and running jobs (at most ${config.SHUTDOWN_TIMEOUT_MS} ms), then exiting`);
    // Whatever is still unfinished then is not lost: unanswered requests were never acknowledged,
    // and jobs not completed are retried by another instance or after the restart.
    setTimeout(() => {
      logger.error(`still not stopped after SHUTDOWN_TIMEOUT_MS=${config.SHUTDOWN_TIMEOUT_MS} ms; exiting anyway`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    await server.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  const known = e instanceof ConfigError || e instanceof StartRefused;
  process.stderr.write(`${known ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
