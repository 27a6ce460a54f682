import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { restorePglite } from '../platform/db/backup.ts';
import { lockDataDir } from '../platform/db/data-dir-lock.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back into DATA_DIR.
 * The server must be stopped (the data folder's lock says so otherwise). What DATA_DIR held is
 * moved aside (`<DATA_DIR>.before-restore-<time>`), never deleted. The backup is checked (every
 * checksum) before anything is moved.
 */
await runCli('restore', async (config) => {
  if (config.databaseEngine === 'postgres') {
    console.error('DATABASE_URL is PostgreSQL: restore it with pg_restore or point-in-time recovery (docs/deploy.md).');
    return 1;
  }
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: npm run restore -- <backup folder>');
    return 1;
  }
  const release = await lockDataDir(config.dataDir);
  try {
    const { movedAside, manifest } = await restorePglite(path.resolve(folder), config.dataDir, (pgdata, dump) =>
      PGlite.create({ dataDir: pgdata, loadDataDir: dump }),
    );
    console.log(
      `Restored the backup of ${manifest.createdAt} (${manifest.files.length} files) into ${config.dataDir}.` +
        (movedAside ? ` What was there is kept in ${movedAside}.` : ''),
    );
  } finally {
    await release();
  }
  return 0;
});
