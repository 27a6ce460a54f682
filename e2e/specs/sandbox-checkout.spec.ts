import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The sandbox gateway's hosted checkout. Orders are made only by the checkouts that
 * sell something (there is no open order endpoint), so a signed-in customer checks out a basket
 * with one scientific calculator (a seeded listing) and lands on its hosted page.
 */
test.describe.configure({ timeout: 90_000 });

const CALCULATOR = '5e4f0a10-0000-4000-8000-000000000001';

/** R372,73: the rand amount as the checkout shows it (below R1 000, so no thousands space). */
const rands = (cents: number) => `R${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

async function createBasketOrder(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('sandbox-buyer');
  const password = 'Sandbox-buyer-password-42';
  await createAccount(request, { email, password, firstName: 'Thandi', lastName: 'Mokoena', verify: true });
  await signIn(page, email, password);
  const items = [{ id: CALCULATOR, quantity: 1 }];
  const quote = await page.request.post('/api/payments/basket-quote', { headers: fromOurPages(), data: { items } });
  expect(quote.status()).toBe(200);
  const { totalCents } = (await quote.json()) as { totalCents: number };
  const res = await page.request.post('/api/payments/basket-checkout', { headers: fromOurPages(), data: { items } });
  expect(res.status()).toBe(201);
  const { orderId, redirectUrl } = (await res.json()) as { orderId: string; redirectUrl: string };
  return { orderId, redirectUrl, amount: rands(totalCents) };
}

test('a declined card shows the decline, and a retry with the good card pays and returns', async ({
  page,
  request,
}) => {
  const { orderId, redirectUrl, amount } = await createBasketOrder(page, request);
  await page.goto(redirectUrl);
  await expect(page.getByTestId('checkout-amount')).toHaveText(amount);
  await expect(page.getByText(/^Basket from .+ \(1 item\)$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Thandi Mokoena');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');

  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('alert')).toContainText('Your card has insufficient funds.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(`**/payment-success?kind=basket&order=${orderId}`);

  const status = await page.request.get(`/api/payments/orders/${orderId}`);
  expect((await status.json()).order.status).toBe('paid');
});

test('cancel returns to the cancel address with nothing charged', async ({ page, request }) => {
  const { orderId, redirectUrl } = await createBasketOrder(page, request);
  await page.goto(redirectUrl);
  await page.getByRole('button', { name: 'Cancel and return to Sekolo' }).click();
  await page.waitForURL(`**/payment-cancel?kind=basket&order=${orderId}`);
  const status = await page.request.get(`/api/payments/orders/${orderId}`);
  expect((await status.json()).order.status).toBe('cancelled');
});

test('an unknown checkout says so', async ({ page }) => {
  await page.goto('/payments/sandbox/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This checkout does not exist or has expired.')).toBeVisible();
});
