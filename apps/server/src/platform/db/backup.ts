import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded default: the PGlite database (DATA_DIR/pgdata) and the files beside it
 * (uploads, avatars, the generated secret), as one folder:
 *
 *   sekolo-backup-<time>/database.tar.gz   PGlite's dump of its data folder
 *   sekolo-backup-<time>/files/...          everything else in DATA_DIR
 *   sekolo-backup-<time>/manifest.json      time, sizes, the dump's SHA-256, the files' list
 *
 * Consistency: the snapshot is taken while no transaction is open or can start (PGlite's
 * transaction lock is held throughout), and the dump itself runs under its query lock, so no
 * statement is mid-run: the data folder is as PostgreSQL leaves it between statements, with its
 * write-ahead log, which the restore's start replays as after a clean stop. Every write that pairs a row with a file (an upload, a
 * deletion) is a transaction, so the files copied under the same lock hold the bytes of every live
 * row in the dump (a file stored just before its row may be copied without one: an orphan, never
 * the reverse). A single statement outside a transaction may land just before or after the
 * snapshot, whole either way. Requests meanwhile wait, they are not refused: a small school's
 * snapshot takes about a second.
 */

/** What DATA_DIR holds that is not copied: the database (dumped instead), locks, the control socket, backups. */
const NOT_COPIED = new Set(['pgdata', '.sekolo.lock', 'control.sock', 'backups']);

export type TBackupManifest = {
  format: 'sekolo-pglite-backup-1';
  createdAt: string;
  database: { file: 'database.tar.gz'; bytes: number; sha256: string };
  files: { path: string; bytes: number; sha256: string }[];
};

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function listFiles(root: string, from = root): string[] {
  if (!fs.existsSync(from)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const full = path.join(from, entry.name);
    if (from === root && NOT_COPIED.has(entry.name)) continue;
    if (entry.isDirectory()) found.push(...listFiles(root, full));
    else if (entry.isFile()) found.push(path.relative(root, full));
  }
  return found.sort();
}

/** Takes a backup of `client` (the running database of `dataDir`) into a new folder under `outDir`. */
export async function backupPglite(client: PGlite, dataDir: string, outDir: string): Promise<string> {
  const createdAt = new Date();
  const target = path.join(outDir, `sekolo-backup-${createdAt.toISOString().replace(/[:.]/g, '-')}`);
  const partial = `${target}.partial`;
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    // Flushes what is in memory to the data files first (only shortens the restore's recovery: the
    // dump is consistent without it, its write-ahead log included). Before the lock: a statement
    // cannot run while the transaction lock is held by someone other than a transaction.
    await client.query('CHECKPOINT');
    const manifest = await client._runExclusiveTransaction(async () => {
      const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      fs.writeFileSync(path.join(partial, 'database.tar.gz'), dump, { mode: 0o600 });
      const files = listFiles(dataDir).map((relative) => {
        const bytes = fs.readFileSync(path.join(dataDir, relative));
        const copy = path.join(partial, 'files', relative);
        fs.mkdirSync(path.dirname(copy), { recursive: true, mode: 0o700 });
        fs.writeFileSync(copy, bytes, { mode: 0o600 });
        return { path: relative, bytes: bytes.length, sha256: sha256(bytes) };
      });
      return {
        format: 'sekolo-pglite-backup-1',
        createdAt: createdAt.toISOString(),
        database: { file: 'database.tar.gz', bytes: dump.length, sha256: sha256(dump) },
        files,
      } satisfies TBackupManifest;
    });
    fs.writeFileSync(path.join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    // Complete or absent: a backup folder without .partial is whole.
    fs.renameSync(partial, target);
    return target;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Reads a backup folder and checks it is whole (every file's SHA-256); throws with the reason otherwise. */
export function readBackup(folder: string): TBackupManifest {
  const manifestPath = path.join(folder, 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${folder} is not a Sekolo backup (no manifest.json).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as TBackupManifest;
  if (manifest.format !== 'sekolo-pglite-backup-1') throw new Error(`Unknown backup format ${manifest.format}.`);
  const dump = fs.readFileSync(path.join(folder, manifest.database.file));
  if (sha256(dump) !== manifest.database.sha256) throw new Error('The database dump is damaged (checksum).');
  for (const file of manifest.files) {
    if (sha256(fs.readFileSync(path.join(folder, 'files', file.path))) !== file.sha256)
      throw new Error(`${file.path} is damaged (checksum).`);
  }
  return manifest;
}

/**
 * Restores `folder` into `dataDir`, which no server may be using (the caller holds its lock). What
 * was there is moved aside to `<dataDir>/../<name>.before-restore-<time>`, not deleted.
 */
export async function restorePglite(
  folder: string,
  dataDir: string,
  open: (pgdata: string, dump: Blob) => Promise<{ close(): Promise<void> }>,
): Promise<{ movedAside: string | null; manifest: TBackupManifest }> {
  const manifest = readBackup(folder);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.before-restore-${stamp}`);
  let movedAside: string | null = null;
  const present = fs.existsSync(dataDir)
    ? fs.readdirSync(dataDir).filter((name) => !NOT_COPIED.has(name) || name === 'pgdata')
    : [];
  if (present.length) {
    fs.mkdirSync(aside, { recursive: true, mode: 0o700 });
    for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
    movedAside = aside;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const dump = new Blob([fs.readFileSync(path.join(folder, manifest.database.file))]);
  const restored = await open(path.join(dataDir, 'pgdata'), dump);
  await restored.close();
  for (const file of manifest.files) {
    const target = path.join(dataDir, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(folder, 'files', file.path), target);
    fs.chmodSync(target, 0o600);
  }
  return { movedAside, manifest };
}

/** The control socket of a running embedded server: `npm run backup` asks it for a snapshot. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/**
 * Listens on DATA_DIR/control.sock (mode 0600: only the server's own OS user may connect) for
 * `POST /backup {"outDir": "..."}`, answering `{ folder }`. Only the embedded engine has one.
 */
export async function startBackupControl(client: PGlite, dataDir: string): Promise<{ close(): Promise<void> }> {
  const socket = controlSocketPath(dataDir);
  fs.rmSync(socket, { force: true });
  let busy = false;
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { error: 'Not found.' });
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (busy) return answer(409, { error: 'A backup is already being taken.' });
      let outDir: string;
      try {
        outDir = path.resolve(String((JSON.parse(body) as { outDir: string }).outDir));
      } catch {
        return answer(400, { error: 'Send {"outDir": "<folder>"}.' });
      }
      busy = true;
      backupPglite(client, dataDir, outDir)
        .then(
          (folder) => answer(200, { folder }),
          (error: Error) => answer(500, { error: error.message }),
        )
        .finally(() => (busy = false));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socket, { force: true });
      }),
  };
}

/** Asks the server running on `dataDir` for a backup; null when none is running there. */
export function requestBackup(dataDir: string, outDir: string): Promise<string | null> {
  const socket = controlSocketPath(dataDir);
  if (!fs.existsSync(socket)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: socket, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => {
          const parsed = JSON.parse(body) as { folder?: string; error?: string };
          if (response.statusCode === 200 && parsed.folder) resolve(parsed.folder);
          else reject(new Error(parsed.error ?? `the server answered ${response.statusCode}`));
        });
      },
    );
    request.on('error', (error: Error & { code?: string }) => {
      // A socket left by a server that is gone: nobody is running there.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
    request.end(JSON.stringify({ outDir }));
  });
}
