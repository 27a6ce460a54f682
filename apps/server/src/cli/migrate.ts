// `npm run db:migrate`: apply the committed migrations to the configured database.
import { migrateCommand } from './migrate-command.ts';
import { describeDatabase, runCli } from './run-cli.ts';

await runCli('db:migrate', async (config) => {
  const result = await migrateCommand(config);
  console.log(
    `Database: ${describeDatabase(config)}\n` +
      (result.applied === 0
        ? `Already up to date: ${result.total} migration(s) applied, newest ${result.latest ?? 'none'}.`
        : `Applied ${result.applied} migration(s); the database now has ${result.total}, newest ${result.latest ?? 'none'}.`),
  );
  return 0;
});
