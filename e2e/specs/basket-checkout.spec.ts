import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The basket checkout (issue 5): partners' products priced on the server, the 6.8% processing fee
 * on top, paid with the sandbox gateway; the order and its invoice appear on /payments.
 */
test.describe.configure({ timeout: 120_000 });

/** A customer of its own per test: the basket lives in the account, and the tests run in parallel. */
async function signInAsNewCustomer(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('basket-buyer');
  const password = 'Basket-buyer-password-42';
  await createAccount(request, { email, password, firstName: 'Naledi', lastName: 'Mokoena', verify: true });
  await signIn(page, email, password);
}

test('the customer checks out a basket', async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  // Start from an empty basket, in the account and in this browser.
  expect((await page.request.put('/api/payments/basket', { data: { items: [] } })).status()).toBe(200);
  await page.evaluate(() => window.localStorage.removeItem('basket_items'));

  // From the marketplace to the products, signed in (the marketplace's button
  // was "Sign in to browse", to /login: "You're already logged in", and no product in sight).
  await page.goto('/marketplace');
  await page.getByRole('link', { name: 'Browse products', exact: true }).click();
  await page.waitForURL('**/basket');
  await expect(page.getByRole('heading', { name: 'Products from our partners' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Scientific calculator to basket' }).click();
  await page.getByRole('button', { name: 'Add Scientific calculator to basket' }).click();
  await page.getByRole('button', { name: 'Add A4 exercise books (10 pack) to basket' }).click();
  // R349,00 × 2 + R89,50
  await expect(page.getByTestId('basket-total')).toHaveText('R787,50');
  // On a phone each item's name is readable (it was squeezed to its first letter beside the controls).
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 800 });
  const itemName = page.getByRole('list', { name: 'Basket items' }).getByText('Scientific calculator', { exact: true });
  expect((await itemName.boundingBox())!.width).toBeGreaterThan(200);
  await page.setViewportSize(viewport);

  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await page.waitForURL('**/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('2 × R349,00')).toBeVisible();
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('R787,50');
  await expect(page.getByText('Processing fee (6.8%)')).toBeVisible();
  await expect(page.getByTestId('checkout-fee')).toHaveText('R53,55');
  await expect(page.getByTestId('checkout-total')).toHaveText('R841,05');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Pay R841,05' }).click();
  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Johan Botha');
  await page.getByRole('button', { name: 'Pay R841,05' }).click();

  await page.waitForURL(/\/payment-success\?kind=basket&order=/);
  await expect(page.getByTestId('payment-success')).toContainText('Your payment of R841,05 succeeded.');
  const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^SEK-[0-9A-Z]{10}$/);
  // The basket is emptied, here and in the account.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('basket_items'))).toBeNull();
  expect(await (await page.request.get('/api/payments/basket')).json()).toEqual({ items: [] });

  await page.getByRole('link', { name: 'View your payments' }).click();
  await page.waitForURL('**/payments');
  const row = page.getByTestId('payment-row').filter({ hasText: reference });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Basket from Demo Supplies (Pty) Ltd (3 items)');
  await expect(row).toContainText('R841,05');
});

test('a cancelled basket payment charges nothing and keeps the basket', async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  expect((await page.request.put('/api/payments/basket', { data: { items: [] } })).status()).toBe(200);
  await page.evaluate(() => window.localStorage.removeItem('basket_items'));
  await page.goto('/basket');
  await page.getByRole('button', { name: 'Add School backpack to basket' }).click();
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  // R599,00 + 6.8% (R40,73)
  await expect(page.getByTestId('checkout-total')).toHaveText('R639,73');
  await page.getByRole('button', { name: 'Pay R639,73' }).click();
  await page.waitForURL('**/payments/sandbox/**');
  await page.getByRole('button', { name: 'Cancel and return to Sekolo' }).click();
  await page.waitForURL(/\/payment-cancel\?kind=basket&order=/);
  await expect(page.getByTestId('payment-cancelled')).toContainText('You cancelled the payment.');
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.waitForURL('**/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText('R639,73');
});
