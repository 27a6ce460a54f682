#!/usr/bin/env node
// `npm start`: build the web app if its sources are newer than the build, then serve everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv } from '../apps/server/launch/node-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'apps/web/build/server/index.js');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'packages/shared/src',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@sekolo/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// node with tsx's loader, not the tsx command: the command kills a child that does not acknowledge a
// relayed SIGTERM within 30 ms, which cuts a graceful shutdown short on a busy machine.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
