import { expect, test } from '@playwright/test';

test('the server answers and serves the web app', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect((await health.json()).status).toBe('ok');
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
});
