import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { fromOurPages } from '../fixtures/api';

/**
 * The directory: a visitor finds the demo school by name (with a typo) and by
 * province and opens its profile, rendered on the server with its Open Graph tags; the school's
 * admin hides the phone number on the "Public profile" settings and it is gone from the profile.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SCHOOL = 'Demo High School';
const PHONE = '012 362 4410';

test('the profile of an organisation is rendered on the server with its name and Open Graph tags', async ({
  request,
}) => {
  const res = await request.get('/directory/demo-high-school');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight text-slate-900">${SCHOOL}</h1>`);
  expect(html).toMatch(/<meta property="og:title" content="Demo High School"\/>/);
  expect(html).toMatch(/<meta property="og:url" content="http:\/\/localhost:\d+\/directory\/demo-high-school"\/>/);
  expect(html).toContain('<meta property="og:description" content="A Pretoria high school');
  expect((await request.get('/directory/no-such-organisation')).status()).toBe(404);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/directory/demo-high-school</loc>');
});

test('a visitor finds the demo school by name and by province, and opens its profile', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Directory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find schools, partners and charities' })).toBeVisible();

  await test.step('by name, forgiving a typo', async () => {
    await page.getByLabel('Name').fill('Demo Hihg');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=Demo\+Hihg/);
    const results = page.getByRole('list', { name: 'Organisations' });
    await expect(results.getByRole('link', { name: SCHOOL })).toBeVisible();
  });

  await test.step('by province and type', async () => {
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.getByLabel('Province').selectOption({ label: 'Gauteng' });
    await page.getByLabel('Type').selectOption({ label: 'Schools' });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: /organisations? in Gauteng/ })).toBeVisible();
    const results = page.getByRole('list', { name: 'Organisations' });
    await expect(results.getByRole('link', { name: SCHOOL })).toBeVisible();
    // A school in the Western Cape is not among them.
    await expect(results.getByRole('link', { name: 'Kirstenbosch Heights Primary School' })).toHaveCount(0);
    await results.getByRole('link', { name: SCHOOL }).click();
  });

  await expect(page).toHaveURL(/\/directory\/demo-high-school$/);
  await expect(page.getByRole('heading', { level: 1, name: SCHOOL })).toBeVisible();
  await expect(page.getByText('A Pretoria high school where every learner is known by name')).toBeVisible();
  await expect(page.getByRole('link', { name: PHONE })).toBeVisible();
  await expect(page.getByRole('link', { name: /View on Google Maps/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=Demo%20High%20School%2C%20Pretoria%2C%20Gauteng/,
  );
  // The street address stays hidden until the school chooses to show it.
  await expect(page.getByText('41 Jacaranda Avenue')).toHaveCount(0);
});

test('the school admin hides the phone number and it disappears from the profile', async ({ page, baseURL }) => {
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Public profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Public profile' })).toBeVisible();
  const showPhone = page.getByLabel(/Show the phone number/);
  await expect(showPhone).toBeChecked();
  await showPhone.uncheck();
  await page.getByRole('button', { name: 'Save public profile' }).click();
  await expect(page.getByText('Your public profile is saved.')).toBeVisible();

  await page.goto('/directory/demo-high-school');
  await expect(page.getByRole('heading', { level: 1, name: SCHOOL })).toBeVisible();
  await expect(page.getByText(PHONE)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'office@demo-school.sekolo.test' })).toBeVisible();
  const api = await page.request.get('/api/directory/profiles/demo-high-school');
  expect(await api.text()).not.toContain(PHONE);

  // Shown again, for whoever uses the demo next.
  const restored = await page.request.put('/api/directory/settings', {
    headers: fromOurPages(baseURL),
    data: {
      listed: true,
      showEmail: true,
      showPhone: true,
      showAddress: false,
      showMap: true,
      tagLine: 'A Pretoria high school where every learner is known by name',
    },
  });
  expect(restored.status()).toBe(200);
});
