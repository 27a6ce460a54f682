import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeStorageKey, type IFileStorage } from './storage.ts';

/**
 * Uploads in a private folder (default DATA_DIR/uploads): folders 0700, files 0600, written to a
 * temporary name and renamed so a reader never sees half a file.
 */
export function createLocalFileStorage(root: string): IFileStorage {
  const pathOf = (key: string) => {
    assertSafeStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    driver: 'local',

    async put(key, bytes) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fsp.writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
        await fsp.rename(temporary, target);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const target = pathOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(target, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async exists(key) {
      return fs.existsSync(pathOf(key));
    },
  };
}
