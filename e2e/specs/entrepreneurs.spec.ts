import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { linkFrom, waitForMail } from '../fixtures/outbox';

// Young entrepreneurs (D23): the demo learner's shop (seed-entrepreneurs.ts, "Lerato's Beadwork",
// approved by her mother, the demo parent). A new listing stays off the marketplace until the
// guardian approves it from the e-mailed link.

const ENTREPRENEUR = 'entrepreneur@demo-school.sekolo.test';
/** A small PNG, as a phone's picture would be (the server resizes it). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SwQ0AQRCC/FLftUqBV4aZrAkFgDF+nCZ1AxdAfUV3Ie6SuoELoL6iuxB3Sd3ABVBf0V2Iu6Ru4AKor+guxF1SN3AB1Fd0F+IuqRu4AOorugtxl9QNXAD1Fd2FuEvqBi6A+oruQtwldQMXQH1FdyHukrqBjwf8rdnAtc2XfaYAAAAASUVORK5CYII=',
  'base64',
);

test("a young entrepreneur's new listing stays hidden until the guardian approves it from the e-mail", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const title = `Beaded bookmark ${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await signIn(page, ENTREPRENEUR, DEMO_PASSWORD);

  // The overview: the shop is live; the keyring the seed left waits for her mother.
  await page.goto('/dashboard/entrepreneur');
  await expect(page.getByRole('heading', { level: 1, name: "Lerato's Beadwork" })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pending-approvals')).toContainText('Beaded keyring with initial');

  // A new listing, with a picture, asked to be published.
  await page.getByRole('navigation', { name: 'Shop', exact: true }).getByRole('link', { name: 'Listings' }).click();
  await page.getByRole('button', { name: 'New listing' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A bookmark beaded in red, black and white, with a tassel.');
  await page.getByLabel('Section').selectOption('supplies');
  await page.getByLabel('Category').selectOption('art_craft_supplies');
  await page.getByLabel('Price in rand, VAT included').fill('35,00');
  await page.getByLabel('Units in stock').fill('10');
  await page.getByRole('button', { name: 'Create listing' }).click();
  await expect(page.getByText('Listing created as a draft.')).toBeVisible();
  await page
    .getByLabel('Add a picture')
    .setInputFiles({ name: 'bookmark.png', mimeType: 'image/png', buffer: PICTURE });
  await expect(page.getByText('Picture added.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for your guardian’s approval' })).toBeVisible();

  // Not on the marketplace: not found by search, its address answers 404.
  const own = (await (await page.request.get('/api/listings/own?pageSize=100')).json()) as {
    items: { id: string; title: string; status: string }[];
  };
  const listing = own.items.find((i) => i.title === title)!;
  expect(listing.status).toBe('draft');
  const search = await (await request.get(`/api/marketplace/listings?q=${encodeURIComponent(title)}`)).json();
  expect(search.items.map((i: { id: string }) => i.id)).not.toContain(listing.id);
  expect((await request.get(`/api/marketplace/listings/${listing.id}`)).status()).toBe(404);
  expect((await request.get(`/marketplace/listings/${listing.id}`)).status()).toBe(404);

  // The guardian opens the e-mailed link, signed out, and approves.
  const mail = await waitForMail(
    request,
    DEMO.parent,
    (m) => m.subject === `Please approve "${title}" before it goes on sale`,
  );
  const link = linkFrom(mail, '/guardian/shop-approval');
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await guardian.goto(link);
  // A page rendered in the browser only: the first visit loads its script.
  await expect(guardian.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible({ timeout: 30_000 });
  await expect(guardian.getByText('R35,00').first()).toBeVisible();
  await expect(guardian.getByRole('heading', { name: "Lerato's Beadwork: sales and payouts" })).toBeVisible();
  await guardian.getByRole('button', { name: `Approve` }).click();
  await expect(guardian.getByText('Approved: thank you')).toBeVisible();

  // Now on sale: its page shows it, and the link answers no more.
  await page.goto(`/marketplace/listings/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await guardian.goto(link);
  await expect(guardian.getByRole('heading', { name: 'We could not find this request' })).toBeVisible({
    timeout: 30_000,
  });
  await guardianContext.close();
});

test('the guardian sees the shop’s sales and what waits for them in their own account', async ({ page }) => {
  await signIn(page, DEMO.parent, DEMO_PASSWORD);
  await page.goto('/dashboard/shop-approvals');
  await expect(page.getByRole('heading', { level: 2, name: "Lerato's Beadwork" })).toBeVisible();
  await expect(page.getByText('Beaded keyring with initial').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales and payouts' })).toBeVisible();
  await expect(page.getByText('R445,00').first()).toBeVisible();
});

test('a change to an approved listing’s price shows only once the guardian approves it from the e-mail', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const title = 'Ndebele beaded bracelet';
  const own = (await (async () => {
    await signIn(page, ENTREPRENEUR, DEMO_PASSWORD);
    return (await page.request.get('/api/listings/own?pageSize=100')).json();
  })()) as { items: { id: string; title: string; status: string }[] };
  const listing = own.items.find((i) => i.title === title)!;
  expect(listing.status).toBe('published');

  // The learner raises the price of the approved bracelet.
  await page.goto('/dashboard/entrepreneur/listings');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByLabel('Price in rand, VAT included').fill('110,00');
  await page.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Listing saved. Your changes wait for your guardian’s approval').first()).toBeVisible();

  // Buyers still see the approved price.
  await page.goto(`/marketplace/listings/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('R95,00').first()).toBeVisible();
  await expect(page.getByText('R110,00')).toHaveCount(0);

  // The guardian opens the e-mailed link, sees the change and approves it.
  const mail = await waitForMail(request, DEMO.parent, (m) => m.subject === `Please approve the changes to "${title}"`);
  expect(mail.text).toContain('Price: R95,00 → R110,00');
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await guardian.goto(linkFrom(mail, '/guardian/shop-approval'));
  await expect(guardian.getByRole('heading', { level: 1, name: `Changes to "${title}"` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(guardian.getByTestId('approval-change')).toContainText(['PriceR95,00R110,00']);
  await guardian.getByRole('button', { name: 'Approve' }).click();
  await expect(guardian.getByText('Buyers see the changes now.')).toBeVisible();
  await guardianContext.close();

  // Now buyers see the new price.
  await page.goto(`/marketplace/listings/${listing.id}`);
  await expect(page.getByText('R110,00').first()).toBeVisible();
  await expect(page.getByText('R95,00')).toHaveCount(0);
});
