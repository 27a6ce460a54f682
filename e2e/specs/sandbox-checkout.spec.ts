import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The sandbox gateway's hosted checkout (issue 5, D14). The checkout screens that create orders
 * come later, so the order is created through the API the way they will.
 */

async function createPartnerOrder(request: APIRequestContext, returnPath = '/application-submitted', cancelPath = '/register') {
  const res = await request.post('/api/payments/orders', {
    data: { kind: 'registration', businessPartnerTypes: ['tutor', 'product_vendor'], returnPath, cancelPath },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { order: { id: string }; checkout: { redirect: { url: string } } };
}

test('a declined card shows the decline, and a retry with the good card pays and returns', async ({ page, request }) => {
  const { order, checkout } = await createPartnerOrder(request);
  await page.goto(checkout.redirect.url);
  await expect(page.getByTestId('checkout-amount')).toHaveText('R298,00');
  await expect(page.getByText('Business partner registration: Tutor / Course Provider, Product Vendor')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Thandi Mokoena');
  await page.getByRole('button', { name: 'Pay R298,00' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');

  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Pay R298,00' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card has insufficient funds.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay R298,00' }).click();
  await page.waitForURL(`**/application-submitted?order=${order.id}`);

  const status = await request.get(`/api/payments/orders/${order.id}`);
  expect((await status.json()).order.status).toBe('paid');
});

test('cancel returns to the cancel address with nothing charged', async ({ page, request }) => {
  const { order, checkout } = await createPartnerOrder(request);
  await page.goto(checkout.redirect.url);
  await page.getByRole('button', { name: 'Cancel and return to Sekolo' }).click();
  await page.waitForURL(`**/register?order=${order.id}`);
  const status = await request.get(`/api/payments/orders/${order.id}`);
  expect((await status.json()).order.status).toBe('cancelled');
});

test('an unknown checkout says so', async ({ page }) => {
  await page.goto('/payments/sandbox/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This checkout does not exist or has expired.')).toBeVisible();
});
