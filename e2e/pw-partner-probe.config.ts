import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: './specs',
  testMatch: /zz-partner-probe/,
  timeout: 60000,
  use: { baseURL: 'http://localhost:3400', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] } },
});
