// `npm run admin:create -- --email ops@example.org --password '...' [--name 'Thabo Mokoena']`:
// creates a platform operator, or promotes the account that already has that e-mail.
import { parseArgs } from 'node:util';
import { openDatabase } from '../server.ts';
import { AdminCreateError, createPlatformAdmin } from '../modules/auth/create-platform-admin.ts';
import { describeDatabase, runCli } from './run-cli.ts';

const USAGE =
  "Usage: npm run admin:create -- --email you@example.org --password '<at least 8 characters>' [--name 'Your Name']";

// npm runs workspace scripts inside apps/server; relative settings (DATA_DIR=./data) mean the folder
// the command was typed in, as for `npm start`.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

let options: { email?: string; password?: string; name?: string };
try {
  options = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
if (!options.email) {
  console.error(USAGE);
  process.exit(1);
}

await runCli('admin:create', async (config) => {
  const { database, release } = await openDatabase(config);
  try {
    await database.migrate();
    const result = await createPlatformAdmin(database.db, {
      email: options.email!,
      password: options.password,
      name: options.name,
    });
    const what = {
      created: 'Created the platform operator',
      promoted: 'Made the existing account a platform operator (its password is unchanged):',
      unchanged: 'Already a platform operator, nothing changed:',
    }[result.outcome];
    console.log(
      `Database: ${describeDatabase(config)}\n${what} ${result.email}\nSign in at ${config.publicUrl}/login; the console is at ${config.publicUrl}/console.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AdminCreateError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    await release();
  }
});
