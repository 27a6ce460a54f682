import { expect, test } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';

/**
 * The basket kept in the account: a basket built before signing in is merged into the
 * account on /basket, changes are saved, and another browser signed in as the same user sees it.
 */
test.describe.configure({ timeout: 90_000 });

test('a signed-in customer keeps the basket in the account across browsers', async ({ page, request, browser }) => {
  const email = uniqueEmail('basket');
  const password = 'Payments-e2e-password-42';
  await createAccount(request, { email, password, role: 'customer', verify: true });

  // A basket built in this browser before signing in.
  await page.goto('/');
  await page.evaluate(() =>
    window.localStorage.setItem(
      'basket_items',
      JSON.stringify([
        { id: 'pencils', name: 'HB pencils (12)', price: 4500, quantity: 2 },
        { id: 'ruler', name: '30 cm ruler', price: 1200, quantity: 1 },
      ]),
    ),
  );
  await signIn(page, email, password);
  await page.goto('/basket');
  // The basket page also lists products to add; the line in the basket is what counts.
  await expect(page.getByRole('list', { name: 'Basket items' }).getByText('HB pencils (12)')).toBeVisible();
  await expect(page.getByTestId('basket-total')).toHaveText('R102,00');
  await page.getByRole('button', { name: 'One more 30 cm ruler' }).click();
  await expect(page.getByTestId('basket-total')).toHaveText('R114,00');
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/payments/basket')).json()).items.find(
          (i: { id: string }) => i.id === 'ruler',
        )?.quantity,
    )
    .toBe(2);

  // Another browser, same account: the basket follows.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, password);
  await otherPage.goto('/basket');
  await expect(otherPage.getByTestId('basket-total')).toHaveText('R114,00');
  await expect(otherPage.getByRole('list', { name: 'Basket items' }).getByText('30 cm ruler')).toBeVisible();
  await other.close();
});
