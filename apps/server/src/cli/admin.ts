import { adminRoleKeySchema, adminRoleTable, adminSetupLink } from '@maika/shared';
import { loadToolConfig, type Config } from '../config';
import { openDatabase } from '../server';
import { createDeps } from '../deps';
import { createOperatorAccount, findAdminByUsername, resetOperatorPassword, terminalAction, type IssuedSetup } from '../modules/operators';

const usage = `Usage:
  npm run admin -- create <username> <role>          create an operator; prints a one-time set-up link for its password
  npm run admin -- reset-password <username>          end an operator's password; prints a set-up link for a new one
roles: ${adminRoleTable.keys.join(', ')}`;

/**
 * The set-up link, not a password: whoever opens it chooses the password, so none is ever printed,
 * kept in a terminal's scroll-back or known to the person at the terminal.
 */
function setupLines(config: Config, setup: IssuedSetup): string {
  const origin = config.PUBLIC_URL ?? (config.demo ? `http://localhost:${config.PORT}` : null);
  const link = origin ? adminSetupLink(origin, setup.code) : `https://<your console address>/admin/#/setup/${setup.code}`;
  return (
    `The operator "${setup.username}" chooses a password at this link (once, until ${setup.expiresAt.toISOString()}):\n` + `  ${link}\n`
  );
}

/**
 * Operator accounts from the command line; uses the same database as the server (DATABASE_URL or
 * DATA_DIR). Whoever has this shell has the database too, so these are outside the four-eyes rule;
 * each is in the audit log as done from the terminal.
 */
async function run(args: string[]): Promise<number> {
  const [command, username, role] = args;
  if ((command !== 'create' && command !== 'reset-password') || !username) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  // Operator accounts are passwords (argon2) and rows: no secret of the server's is used.
  const config = loadToolConfig({ name: 'admin', uses: [] });
  const running = await openDatabase(config);
  try {
    const deps = createDeps(config, running.database);
    if (command === 'create') {
      const parsedRole = adminRoleKeySchema.safeParse(role);
      if (!parsedRole.success) {
        process.stderr.write(`role must be one of ${adminRoleTable.keys.join(', ')}\n`);
        return 2;
      }
      const account = { username, role: parsedRole.data };
      const { setup } = await createOperatorAccount(deps, account, null, terminalAction('admin.create', account));
      process.stdout.write(`Created ${parsedRole.data} "${username}".\n${setupLines(config, setup!)}`);
    } else {
      const admin = await findAdminByUsername(running.database.db, username);
      if (!admin) {
        process.stderr.write(`No operator named "${username}"\n`);
        return 1;
      }
      const { setup } = await resetOperatorPassword(deps, admin.id, null, terminalAction('admin.resetPassword', { username }));
      process.stdout.write(`The password of "${username}" no longer works and their sessions ended.\n${setupLines(config, setup!)}`);
    }
    return 0;
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  } finally {
    await running.close();
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code));
