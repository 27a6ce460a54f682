import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second lock on the same folder with a message that says what to do', async () => {
    const dataDir = path.join(tempDir('sekolo-lock-'), 'data');
    const release = await lockDataDir(dataDir);
    expect(fs.existsSync(dataDir)).toBe(true);

    const second = lockDataDir(dataDir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} is already in use by another Sekolo server. ` +
        'PGlite cannot share a folder between processes: stop the other server, or set DATA_DIR to another folder.',
    );

    await release();
    const again = await lockDataDir(dataDir);
    await again();
  });

  it('locks different folders independently', async () => {
    const base = tempDir('sekolo-lock-');
    const releaseA = await lockDataDir(path.join(base, 'a'));
    const releaseB = await lockDataDir(path.join(base, 'b'));
    await releaseA();
    await releaseB();
  });
});

type TRun = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> };

function runServer(dataDir: string): TRun {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED: 'never',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two servers on one data folder', () => {
  it('the second refuses to start and says the folder is already in use', { timeout: 120_000 }, async () => {
    const dataDir = path.join(tempDir('sekolo-twice-'), 'data');
    const first = runServer(dataDir);
    try {
      await waitFor(() => /Sekolo is running at http:\/\/\S+:\d+/.test(first.stdout()) || first.child.exitCode !== null, 'the first server', 100_000);
      expect(first.child.exitCode, first.stderr()).toBeNull();

      const second = runServer(dataDir);
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.stderr()).toContain('already in use by another Sekolo server');
      expect(second.stdout()).not.toContain('Sekolo is running');

      // The first keeps serving, then shuts down cleanly on SIGTERM and frees the folder.
      const url = /Sekolo is running at (\S+)/.exec(first.stdout())![1]!;
      const health = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/health`);
      expect(health.status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const release = await lockDataDir(dataDir);
      await release();
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  });
});
