// `npm run subscriptions:renew [-- --date 2026-07-01]`: the renewal of school subscriptions
// (modules/payments/subscriptions.ts) now. The server runs it daily on its job queue
// (modules/payments/jobs.ts); running it again the same day charges nothing twice. --date runs it
// as of another day (tests, catching up).
import { parseArgs } from 'node:util';
import { isIsoDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { openDatabase } from '../server.ts';
import { renewDueSubscriptions } from '../modules/payments/subscriptions.ts';
import { describeDatabase, runCli } from './run-cli.ts';

const USAGE = 'Usage: npm run subscriptions:renew [-- --date YYYY-MM-DD]';

if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

let options: { date?: string };
try {
  options = parseArgs({ options: { date: { type: 'string' } }, strict: true }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
const today = options.date ?? todayInSouthAfrica();
if (!isIsoDate(today)) {
  console.error(USAGE);
  process.exit(1);
}

await runCli('subscriptions:renew', async (config) => {
  const { database, release } = await openDatabase(config);
  try {
    await database.migrate();
    const summary = await renewDueSubscriptions(database.db, today);
    console.log(
      `Renewals for ${today} (${describeDatabase(config)}): ${summary.charged} charged, ${summary.declined} declined, ` +
        `${summary.cancelled} ended, ${summary.changed} package changes, ${summary.skipped} left to the provider.`,
    );
    return 0;
  } finally {
    await database.close();
    await release();
  }
});
