// `npm run db:seed [-- --force]`: load the demo data into the configured database.
import { seedCommand } from './seed-command.ts';
import { describeDatabase, runCli } from './run-cli.ts';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--force');
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run db:seed [-- --force]`);
  process.exit(1);
}

await runCli('db:seed', async (config) => {
  console.log(`Database: ${describeDatabase(config)}`);
  const result = await seedCommand(config, { force: args.includes('--force') });
  if (result.status === 'refused') {
    console.error(result.reason);
    return 1;
  }
  const lines = ['Demo data loaded.'];
  if (result.logins.length > 0) {
    const password = config.NODE_ENV === 'production' ? 'the one set in DEMO_PASSWORD' : config.DEMO_PASSWORD;
    lines.push(`Demo logins (password: ${password}):`);
    for (const login of result.logins) lines.push(`  ${login.role.padEnd(28)} ${login.email}`);
  }
  console.log(lines.join('\n'));
  return 0;
});
