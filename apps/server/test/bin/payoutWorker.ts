/**
 * A payout worker as its own process, for the crash test: connects to DATABASE_URL with the
 * environment's configuration and runs payouts until it is killed.
 */
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/client';
import { createDeps } from '../../src/deps';
import { startPayoutWorker } from '../../src/workers';

const config = loadConfig();
const database = connect(config.DATABASE_URL!);
const deps = createDeps(config, database);
await deps.jobs.start({ worker: true });
await startPayoutWorker(deps);
process.stdout.write('worker ready\n');
