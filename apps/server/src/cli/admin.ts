import { adminRoleKeySchema, adminRoleTable } from '@maika/shared';
import { loadToolConfig } from '../config';
import { openDatabase } from '../server';
import { createDeps } from '../deps';
import { changeAdmin, createAdmin, generatePassword, findAdminByUsername } from '../modules/operators';

const usage = `Usage:
  npm run admin -- create <username> <role>          create an operator; prints a generated password
  npm run admin -- reset-password <username>          set a new generated password
roles: ${adminRoleTable.keys.join(', ')}`;

/** Operator accounts from the command line; uses the same database as the server (DATABASE_URL or DATA_DIR). */
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
    const password = generatePassword();
    if (command === 'create') {
      const parsedRole = adminRoleKeySchema.safeParse(role);
      if (!parsedRole.success) {
        process.stderr.write(`role must be one of ${adminRoleTable.keys.join(', ')}\n`);
        return 2;
      }
      await createAdmin(deps, username, parsedRole.data, password);
      process.stdout.write(`Created ${parsedRole.data} "${username}" with password: ${password}\n`);
    } else {
      const admin = await findAdminByUsername(running.database.db, username);
      if (!admin) {
        process.stderr.write(`No operator named "${username}"\n`);
        return 1;
      }
      await changeAdmin(deps, admin.id, { password });
      process.stdout.write(`New password for "${username}": ${password}\n`);
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
