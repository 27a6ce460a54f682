// Starts the built platform on a fresh embedded data folder for the end-to-end specs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverEnv } from '../apps/server/launch/node-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv({
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED: 'auto',
    E2E: 'true',
    // Every spec signs up from 127.0.0.1: the per-address sign-up and mail limits would otherwise
    // be shared by the whole suite. Per-account sign-in limits stay at their defaults (a spec tests them).
    AUTH_RATE_LIMIT_SIGN_UP_PER_ADDRESS: '500',
    AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '200',
  }),
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
