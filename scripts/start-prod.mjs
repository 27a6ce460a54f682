#!/usr/bin/env node
// `npm run start:prod`: runs the compiled server (apps/server/dist, made by `npm run build`) with plain
// Node, NODE_ENV=production unless set otherwise. It builds nothing: a production start serves what
// was built and checked before it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv } from '../apps/server/launch/node-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/server/dist/main.js');
const webBuild = path.join(root, 'apps/web/build/client');

if (!fs.existsSync(main)) {
  console.error(`The compiled server is missing (${path.relative(root, main)}): run \`npm run build\` first.`);
  process.exit(1);
}
if (!process.env.WEB_DIST && !fs.existsSync(webBuild)) {
  console.error(`The built web app is missing (${path.relative(root, webBuild)}): run \`npm run build\` first.`);
  process.exit(1);
}

const server = spawn(process.execPath, [main], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv({ NODE_ENV: 'production', ...process.env }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
