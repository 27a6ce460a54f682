/* global fetch */
// The benches' server: a production-mode Sekolo on a free loopback port, its output kept for the
// error that says why it did not start.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort() {
  // A port of its own on a machine shared with other servers (BENCH_PORT), else any free one.
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts apps/server/src/main.ts with NODE_ENV=production on 127.0.0.1:`port`; `env` adds to or
 * overrides the defaults (PUBLIC_URL is the server's own address unless given); `nodeArgs` go to
 * node before the server's script (--cpu-prof, which NODE_OPTIONS may not carry).
 */
export function startServer(port, env, { startSeconds = 120, nodeArgs = [] } = {}) {
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  return {
    base,
    child,
    /** What the server has printed so far. */
    log: () => log,
    async ready() {
      const deadline = Date.now() + startSeconds * 1000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server on ${port} exited (code ${child.exitCode}):\n${log}`);
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(250);
      }
      throw new Error(`The server on ${port} did not start:\n${log}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
