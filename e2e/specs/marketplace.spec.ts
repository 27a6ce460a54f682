import { expect, test } from '@playwright/test';

// The marketplace: the demo vendor's listings (seed-marketplace.ts), found by a search
// with a typo, a listing's page rendered on the server with its meta, and added to the basket.

test('a listing page carries its title and Open Graph tags in the HTML, before any script runs', async ({
  request,
}) => {
  const search = await request.get('/api/marketplace/listings?q=calculater');
  const [calculator] = (await search.json()).items;
  expect(calculator.title).toBe('Scientific calculator');
  const html = await (await request.get(`/marketplace/listings/${calculator.id}`)).text();
  expect(html).toContain('<title>Scientific calculator | Sekolo</title>');
  expect(html).toMatch(/<meta property="og:title" content="Scientific calculator"\/?>/);
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/api\/listings\/images\/[0-9a-f-]+"\/?>/);
  expect(html).toContain('R349,00');
  // It paints with its HTML, as a prerendered page does: the CSS is in it (the stylesheet link is
  // there for hydration, switched off) and the scripts are fetched after the first paint.
  expect(html).toMatch(/<style data-inline-css="">[^<]*\.bg-white\{/);
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[\w.-]+\.css" disabled=""\/>/);
  expect(html).not.toContain('rel="modulepreload"');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/marketplace/listings/${calculator.id}</loc>`);
});

test('a visitor finds the calculator by a search with a typo and adds it to the basket', async ({ page }) => {
  await page.goto('/marketplace');
  await expect(page.getByRole('list', { name: 'Newest in Technology' })).toContainText('Scientific calculator');
  await page.getByRole('searchbox', { name: 'Search the marketplace' }).fill('calculater');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Results for “calculater”' })).toBeVisible();
  await page.getByRole('link', { name: 'Scientific calculator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scientific calculator' })).toBeVisible();
  await expect(page.getByTestId('listing-price')).toContainText('R349,00');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Scientific calculator added to your basket')).toBeVisible();
});
