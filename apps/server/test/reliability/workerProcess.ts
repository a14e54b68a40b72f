/**
 * Job workers as their own process (payouts, the card pipeline and the ledger's rollup), beside the two servers of
 * the reliability run: connects to DATABASE_URL with the environment's configuration and works
 * until it is killed.
 */
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/client';
import { createDeps } from '../../src/deps';
import { startCardWorker, startLedgerWorker, startPayoutWorker } from '../../src/workers';

const config = loadConfig();
const database = connect(config.DATABASE_URL!);
const deps = createDeps(config, database);
await deps.jobs.start({ worker: true });
// Job failures are retried quietly by the server; here they are printed, for the run's diagnostics.
deps.jobs.boss.on('error', (e) => process.stderr.write(`job error: ${e.message}\n`));
await startPayoutWorker(deps);
await startCardWorker(deps);
await startLedgerWorker(deps);
process.stdout.write('worker ready\n');
