import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The basket checkout: partners' products priced on the server, the 6.8% processing fee
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
  expect((await page.request.put('/api/payments/basket', { headers: fromOurPages(), data: { items: [] } })).status()).toBe(200);
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
  // The tax invoice has a line per product and the processing fee on a line of its own.
  const lines = row.getByRole('list', { name: /^Lines of INV-\d{6}$/ }).getByRole('listitem');
  await expect(lines).toHaveText([
    '2 × Scientific calculator (sold by Demo Supplies (Pty) Ltd)R698,00',
    'A4 exercise books (10 pack) (sold by Demo Supplies (Pty) Ltd)R89,50',
    'Processing fee (6.8%)R53,55',
  ]);
});

test('a cancelled basket payment charges nothing and keeps the basket', async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  expect((await page.request.put('/api/payments/basket', { headers: fromOurPages(), data: { items: [] } })).status()).toBe(200);
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

/** A visitor's basket on /basket: it lives in this browser (spec 3, 4); the page starts empty. */
async function openEmptyBasket(page: Page) {
  await page.goto('/basket');
  await page.evaluate(() => window.localStorage.removeItem('basket_items'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Products from our partners' })).toBeVisible();
}

/** The card of a product in the list of products. */
function productCard(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Products' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Add ${title} to basket`, exact: true }) });
}

test('adding a product confirms it, and the product shows it is in the basket', async ({ page }) => {
  // "Add to basket" said nothing: with the basket above the products, a click seemed to do nothing.
  await openEmptyBasket(page);
  const add = page.getByRole('button', { name: 'Add Scientific calculator to basket', exact: true });
  const card = productCard(page, 'Scientific calculator');
  await expect(card.getByTestId('in-basket')).toHaveCount(0);

  await add.click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Scientific calculator added to your basket' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('1 in your basket. Basket: 1 item, R349,00.');
  // Screen readers hear it: sonner's toaster is a polite live region.
  await expect(page.locator('section[aria-live="polite"]').filter({ has: toast })).toHaveCount(1);
  await expect(card.getByTestId('in-basket')).toHaveText('In basket (1)');
  await expect(add).toHaveAccessibleDescription('In basket (1)');

  // Adding again counts on, in the same toast (not a pile of them).
  await add.click();
  await expect(toast).toContainText('2 in your basket. Basket: 2 items, R698,00.');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(card.getByTestId('in-basket')).toHaveText('In basket (2)');
  await expect(productCard(page, 'School backpack').getByTestId('in-basket')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The toast's "View basket" goes to the basket, and the focus with it.
  await toast.getByRole('button', { name: 'View basket' }).click();
  const heading = page.getByRole('heading', { name: 'Your basket', level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('group', { name: 'Quantity of Scientific calculator' })).toContainText('2');
  await expect(page.getByTestId('basket-total')).toHaveText('R698,00');
});

test('on a phone the basket is one tap from the products, with the right count', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openEmptyBasket(page);
  const bar = page.getByRole('link', { name: /^View basket/ });
  await expect(bar).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Scientific calculator to basket', exact: true }).click();
  await page.getByRole('button', { name: 'Add School backpack to basket', exact: true }).click();
  await page.getByRole('button', { name: 'Add Scientific calculator to basket', exact: true }).click();
  await expect(productCard(page, 'School backpack').getByTestId('in-basket')).toHaveText('In basket (1)');
  // Down among the products the basket is out of sight; the bar at the foot of the screen is not.
  const heading = page.getByRole('heading', { name: 'Your basket', level: 1 });
  await expect(heading).not.toBeInViewport();
  await expect(bar).toHaveText('View basket (3 items, R1 297,00)');
  await expect(bar).toBeInViewport();
  // Tabbing through the products, the bar never hides the button that has the focus.
  await page.getByRole('link', { name: 'Go to checkout' }).focus();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAccessibleName(/^Add .+ to basket$/);
    await expect
      .poll(async () => {
        const [button, barBox] = [await focused.boundingBox(), await bar.boundingBox()];
        return button!.y + button!.height <= barBox!.y;
      })
      .toBe(true);
  }

  await bar.click();
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  const items = page.getByRole('list', { name: 'Basket items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Quantity of Scientific calculator' })).toContainText('2');
  await expect(page.getByTestId('basket-total')).toHaveText('R1 297,00');

  // The count follows the basket's own changes, and the products' state too.
  await page.getByRole('button', { name: 'One less Scientific calculator' }).click();
  await expect(bar).toHaveText('View basket (2 items, R948,00)');
  await expect(productCard(page, 'Scientific calculator').getByTestId('in-basket')).toHaveText('In basket (1)');
  await page.getByRole('button', { name: 'Remove School backpack' }).click();
  await expect(bar).toHaveText('View basket (1 item, R349,00)');
  await expect(productCard(page, 'School backpack').getByTestId('in-basket')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Scientific calculator' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.getByText('Your basket is empty')).toBeVisible();
});
