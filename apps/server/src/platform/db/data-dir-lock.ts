import fs from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data folder ${dataDir} is already in use by another Sekolo server. ` +
        'PGlite cannot share a folder between processes: stop the other server, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** PGlite has no file locking of its own: two processes on one folder would corrupt it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.sekolo.lock`,
      stale: 15_000,
      update: 5_000,
      retries: 0,
      realpath: false,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
