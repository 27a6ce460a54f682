#!/usr/bin/env node
// `npm run build -w @sekolo/server`: compiles the server to JavaScript in apps/server/dist, which
// production runs with plain `node apps/server/dist/main.js` (no TypeScript loader).
//
// - tsc emits one .js file per source file (src/x/y.ts -> dist/x/y.js, `.ts` imports rewritten
//   to `.js`). The layout mirrors src, so paths the code resolves from its own folder
//   (import.meta.dirname) hold in dist as in src: the migrations next to platform/db/client, the web build
//   five folders up from platform/config/env, the auth data files next to their module.
// - Files in src that are not TypeScript (SQL migrations and their journal, data files) are copied
//   beside the compiled code; READMEs are left out.
// - @sekolo/shared is compiled (packages/shared/dist) and copied to dist/node_modules/@sekolo/shared:
//   Node finds it there before the workspace link in the root node_modules, whose package exports
//   TypeScript sources for development, tests and the web build.
//
// Types are not checked here (`--noCheck`): `npm run typecheck` does that, and emitting alone takes
// a few seconds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');
const sharedRoot = path.join(repoRoot, 'packages/shared');
const src = path.join(serverRoot, 'src');
const dist = path.join(serverRoot, 'dist');
const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');

function compile(project, outDir) {
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--noCheck', '--outDir', outDir], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`tsc -p ${path.relative(repoRoot, project)} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Copies every file under `from` that tsc does not emit (not .ts, not a README) to the same place under `to`. */
function copyAssets(from, to) {
  let copied = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copied += copyAssets(source, target);
    } else if (!entry.name.endsWith('.ts') && entry.name !== 'README.md') {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
      copied += 1;
    }
  }
  return copied;
}

const started = Date.now();
fs.rmSync(dist, { recursive: true, force: true });
compile(path.join(serverRoot, 'tsconfig.build.json'), dist);
const assets = copyAssets(src, dist);

// @sekolo/shared's own build (packages/shared/dist), then a copy where the compiled server finds it.
const sharedBuild = path.join(sharedRoot, 'dist');
fs.rmSync(sharedBuild, { recursive: true, force: true });
compile(path.join(sharedRoot, 'tsconfig.build.json'), sharedBuild);
const sharedDist = path.join(dist, 'node_modules/@sekolo/shared');
fs.cpSync(sharedBuild, sharedDist, { recursive: true });
const sharedPackage = JSON.parse(fs.readFileSync(path.join(sharedRoot, 'package.json'), 'utf8'));
fs.writeFileSync(
  path.join(sharedDist, 'package.json'),
  JSON.stringify(
    {
      name: sharedPackage.name,
      version: sharedPackage.version,
      private: true,
      type: 'module',
      exports: { './*': './*.js' },
      dependencies: sharedPackage.dependencies,
    },
    null,
    2,
  ) + '\n',
);

console.log(
  `Server compiled to ${path.relative(repoRoot, dist)} (${assets} data files copied, @sekolo/shared included) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
