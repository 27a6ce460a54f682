import { expect, test } from '@playwright/test';
import { EMAIL_LOGIN_DISABLED_URL } from '../playwright.config';
import { DEMO, DEMO_PASSWORD } from '../fixtures/accounts';

const MESSAGE = 'Email/password login is currently disabled in the system configuration.';

test.use({ baseURL: EMAIL_LOGIN_DISABLED_URL });

test('with e-mail sign-in switched off, the login screen says so and the API refuses it', async ({ page, request }) => {
  const refused = await request.post('/api/auth/sign-in/email', {
    data: { email: DEMO.customer, password: DEMO_PASSWORD },
    headers: { origin: EMAIL_LOGIN_DISABLED_URL },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('EMAIL_PASSWORD_DISABLED');

  await page.goto('/login');
  await expect(page.getByText(MESSAGE).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
