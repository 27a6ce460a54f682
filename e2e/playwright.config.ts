import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
export const EMAIL_LOGIN_DISABLED_URL = `http://localhost:${PORT + 50}`;
/** The platform configured for PayFast, whose PayFast is a stand-in the spec itself starts on PAYFAST_STANDIN_PORT. */
export const PAYFAST_URL = `http://localhost:${PORT + 20}`;
export const PAYFAST_STANDIN_PORT = PORT + 21;
export const PAYFAST_TEST_MERCHANT = { id: '10000100', key: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' };

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
  // Journeys of several sign-ins (scrypt), forms and mails take 20-28 s on a slower two-core machine
  // running two workers (seen 2026-11-25), too close to 30 s; a test that hangs still fails.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // A real server on a fresh embedded database with the demo data.
      command: 'node ./start-e2e-server.mjs',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT) },
    },
    {
      // The same platform configured with e-mail sign-in switched off (spec 8's configuration message).
      command: 'node ./start-e2e-server.mjs',
      url: `${EMAIL_LOGIN_DISABLED_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT + 50), AUTH_EMAIL_PASSWORD: 'false' },
    },
    {
      // The platform with PAYMENT_PROVIDER=payfast: its PayFast is a local stand-in started by
      // specs/payments-payfast.spec.ts; nothing leaves the machine.
      command: 'node ./start-e2e-server.mjs',
      url: `${PAYFAST_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_PORT: String(PORT + 20),
        PAYMENT_PROVIDER: 'payfast',
        PAYFAST_MERCHANT_ID: PAYFAST_TEST_MERCHANT.id,
        PAYFAST_MERCHANT_KEY: PAYFAST_TEST_MERCHANT.key,
        PAYFAST_PASSPHRASE: PAYFAST_TEST_MERCHANT.passphrase,
        PAYFAST_PROCESS_URL: `http://127.0.0.1:${PAYFAST_STANDIN_PORT}/eng/process`,
        PAYFAST_VALIDATE_URL: `http://127.0.0.1:${PAYFAST_STANDIN_PORT}/eng/query/validate`,
        PAYFAST_ALLOWED_SOURCES: '127.0.0.1,::1',
      },
    },
  ],
});
