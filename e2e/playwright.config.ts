import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
export const EMAIL_LOGIN_DISABLED_URL = `http://localhost:${PORT + 50}`;

/** Debian's Chromium: test tools cannot download browsers here. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      // A real server on a fresh embedded database with the demo data.
      command: 'node ./start-e2e-server.mjs',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT) },
    },
    {
      // The same platform configured with e-mail sign-in switched off (spec 8's configuration message).
      command: 'node ./start-e2e-server.mjs',
      url: `${EMAIL_LOGIN_DISABLED_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT + 50), AUTH_EMAIL_PASSWORD: 'false' },
    },
  ],
});
