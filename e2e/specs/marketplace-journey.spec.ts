import { expect, test } from '@playwright/test';
import { createAccount, DEMO, DEMO_PASSWORD, signIn, uniqueEmail } from '../fixtures/accounts';

/**
 * The marketplace from both sides: a customer finds the calculator by a search with a typo, pays for
 * it with the sandbox gateway; the demo vendor accepts the order, ships it and completes it; the
 * customer reviews it; the review is on the listing's server-rendered page and on the vendor's
 * Reviews page, where the vendor replies.
 */
test.describe.configure({ timeout: 180_000 });

test('a customer buys, the seller completes the order, the customer reviews it', async ({ page, browser, request }) => {
  const email = uniqueEmail('journey-buyer');
  const password = 'Journey-buyer-password-42';
  await createAccount(request, { email, password, firstName: 'Nandi', lastName: 'Khoza', verify: true });
  await signIn(page, email, password);

  // Search with a typo, open the listing, add it to the basket.
  await page.goto('/marketplace');
  await page.getByRole('searchbox', { name: 'Search the marketplace' }).fill('calculater');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: 'Scientific calculator' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scientific calculator' })).toBeVisible();
  const listingUrl = page.url();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Scientific calculator added to your basket')).toBeVisible();

  // Pay with the sandbox gateway: R349,00 and the 6.8% processing fee.
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText('R372,73');
  await page.getByRole('button', { name: 'Pay R372,73' }).click();
  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Nandi Khoza');
  await page.getByRole('button', { name: 'Pay R372,73' }).click();
  await page.waitForURL(/\/payment-success\?kind=basket&order=/);
  const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^SEK-/);

  // The vendor accepts, ships and completes it.
  const vendorContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  await signIn(vendor, DEMO.vendor, DEMO_PASSWORD);
  await vendor.goto('/dashboard/business/orders');
  const order = vendor.getByTestId('seller-order').filter({ hasText: reference });
  await expect(order).toContainText('Nandi Khoza');
  for (const action of ['Accept order', 'Mark shipped', 'Mark completed']) {
    await order.getByRole('button', { name: action }).click();
    await expect(order.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expect(order).toContainText('Completed');

  // The customer reviews it from their dashboard.
  await page.goto('/dashboard/customer');
  const mine = page.getByTestId('buyer-order').filter({ hasText: reference });
  await expect(mine).toContainText('Completed');
  await mine.getByRole('button', { name: 'Review this order' }).click();
  await mine.getByLabel('4 stars').check();
  await mine.getByLabel('Your review').fill('Exactly the calculator my son needed for Grade 10. Quick delivery.');
  await mine.getByRole('button', { name: 'Publish review' }).click();
  await expect(mine).toContainText('Your review');
  await expect(mine.getByRole('button', { name: 'Review this order' })).toHaveCount(0);

  // On the listing's page, in the HTML the server sends.
  const html = await (await request.get(new URL(listingUrl).pathname)).text();
  expect(html).toContain('Exactly the calculator my son needed for Grade 10. Quick delivery.');
  expect(html).toContain('Nandi K.');

  // On the vendor's Reviews page, with a reply.
  await vendor.goto('/dashboard/business/reviews');
  const review = vendor.getByTestId('seller-review').filter({ hasText: 'Exactly the calculator my son needed' });
  await expect(review).toContainText('Nandi K.');
  await review.getByRole('button', { name: 'Reply' }).click();
  await review.getByLabel('Your reply').fill('Thank you, Nandi! Good luck to him this year.');
  await review.getByRole('button', { name: 'Publish reply' }).click();
  await expect(review).toContainText('Your reply: Thank you, Nandi!');

  // The dashboard's other pages show the sale.
  await vendor.goto('/dashboard/business/customers');
  await expect(vendor.getByTestId('business-customer').filter({ hasText: 'Nandi Khoza' })).toContainText('R349,00');
  await vendor.goto('/dashboard/business');
  await expect(vendor.getByText('Sales this month')).toBeVisible();
  await vendorContext.close();
});
