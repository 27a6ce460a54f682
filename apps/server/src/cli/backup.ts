import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { backupPglite, requestBackup } from '../platform/db/backup.ts';
import { openPglite } from '../platform/db/client.ts';
import { lockDataDir } from '../platform/db/data-dir-lock.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run backup [-- --out <folder>]`: a consistent snapshot of the embedded database and the
 * files in DATA_DIR (platform/db/backup.ts), into <folder> (default: ./backups). A running server
 * takes it itself (its control socket), without stopping; with none running, this opens the data
 * folder. PostgreSQL has its own tools: pg_dump and WAL archiving (docs/deploy.md).
 */
function outDir(args: string[]): string {
  const at = args.indexOf('--out');
  return path.resolve(at >= 0 && args[at + 1] ? args[at + 1]! : 'backups');
}

await runCli('backup', async (config) => {
  if (config.databaseEngine === 'postgres') {
    console.error('DATABASE_URL is PostgreSQL: back it up with pg_dump or WAL archiving (docs/deploy.md, "Backups").');
    return 1;
  }
  const out = outDir(process.argv.slice(2));
  const fromServer = await requestBackup(config.dataDir, out);
  if (fromServer) {
    console.log(`Backup taken by the running server: ${fromServer}`);
    return 0;
  }
  const release = await lockDataDir(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, 'pgdata'));
    try {
      const folder = await backupPglite((database.db as unknown as { $client: PGlite }).$client, config.dataDir, out);
      console.log(`Backup taken (no server was running): ${folder}`);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
  return 0;
});
