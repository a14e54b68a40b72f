import { loadToolConfig } from '../config';
import { checkLedger, formatReport } from '../modules/ledger';
import { openDatabase } from '../server';

/**
 * `npm run ledger:check`: verifies every ledger invariant on the server's database (DATABASE_URL
 * or the embedded one in DATA_DIR). Exit 0 when all hold, 1 on a violation, 2 when it cannot run.
 */
async function run(): Promise<number> {
  const running = await openDatabase(loadToolConfig({ name: 'ledger:check', uses: [] }));
  try {
    const report = await checkLedger(running.database.db);
    process.stdout.write(`${formatReport(report)}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await running.close();
  }
}

run().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`ledger:check could not run: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);
