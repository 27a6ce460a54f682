#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. TEST_DATABASE_URL adds the PostgreSQL runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['lint dependencies', ['npm', 'run', 'lint:deps']],
  ['unit and API tests', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', 'build']],
  ['end-to-end tests', ['npm', 'test', '-w', '@sekolo/e2e']],
];
const only = process.argv.slice(2);
const started = Date.now();
for (const [name, command] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${command.join(' ')}`);
  const result = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
