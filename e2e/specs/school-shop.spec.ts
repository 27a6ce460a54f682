import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/** The demo school's shop manager (seed-school-shop.ts). */
const SHOP_MANAGER = 'shop@demo-school.sekolo.test';

/**
 * The school shop (D25), end to end: the demo parent orders a school jersey for their child from
 * the School shop, pays at the sandbox checkout (the price + 6.8 %), sees the order paid; the shop
 * manager finds it on the orders board and marks it ready; the parent sees "Ready for collection".
 */
test('a parent buys a uniform item, the shop marks it ready, and the parent sees it ready for collection', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  await signIn(page, DEMO.parent, DEMO_PASSWORD);
  await page.goto('/dashboard/parent');
  await page.getByRole('link', { name: 'School shop' }).click();
  await page.waitForURL('**/dashboard/parent/shop');
  await expect(page.getByRole('heading', { name: 'School shop', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Order for')).toContainText('Kabelo Mokoena');
  await expectNoSeriousA11yViolations(page);

  const jersey = page.getByRole('listitem', { name: 'School jersey' });
  await expect(jersey).toContainText('R320,00');
  await jersey.getByLabel('Size').selectOption({ index: 2 });
  await jersey.getByRole('button', { name: 'Add to basket' }).click();
  await expect(jersey.getByRole('status')).toHaveText('Added 1 × School jersey (L) to the basket');
  const basket = page.getByRole('region', { name: 'Basket for Kabelo Mokoena' });
  await expect(basket).toContainText('School jersey (L) × 1');
  await expect(basket).toContainText('Pay online now: R341,76');
  await basket.getByRole('button', { name: 'Pay and place order' }).click();

  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Lindiwe Mokoena');
  await page.getByRole('button', { name: 'Pay R341,76' }).click();
  await page.waitForURL('**/dashboard/parent/shop**');
  const orders = page.getByRole('list', { name: 'My school shop orders' });
  const order = orders.getByRole('listitem').filter({ hasText: 'School jersey (L) × 1' }).filter({ hasText: 'Paid' });
  await expect(order.first()).toBeVisible({ timeout: 20_000 });
  const label = await order.first().getAttribute('aria-label');
  const reference = label!.replace('Order ', '');

  // The shop manager marks it ready from the orders board.
  const shop = await browser.newContext();
  const manager = await shop.newPage();
  await signIn(manager, SHOP_MANAGER, DEMO_PASSWORD);
  await manager.goto('/dashboard/school');
  await manager.getByRole('navigation').getByRole('link', { name: 'Shop' }).click();
  await manager.waitForURL('**/dashboard/school/shop');
  await expect(manager.getByRole('heading', { name: 'School shop', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(manager.getByRole('list', { name: 'Low stock' })).toContainText('School blazer (44)');
  await expectNoSeriousA11yViolations(manager);
  const onBoard = manager.getByRole('listitem', { name: `Order ${reference}` });
  await expect(onBoard).toContainText('Kabelo Mokoena');
  await onBoard.getByRole('button', { name: 'Start packing' }).click();
  await manager.getByRole('button', { name: /^Packing/ }).click();
  await manager
    .getByRole('listitem', { name: `Order ${reference}` })
    .getByRole('button', { name: 'Mark ready for collection' })
    .click();
  await manager.getByRole('button', { name: /^Ready for collection/ }).click();
  await expect(manager.getByRole('listitem', { name: `Order ${reference}` })).toContainText('Ready for collection');
  await shop.close();

  // The parent sees it ready.
  await page.reload();
  const ready = page.getByRole('listitem', { name: `Order ${reference}` });
  await expect(ready).toContainText('Ready for collection', { timeout: 20_000 });
  await expect(ready).toContainText('Ready for collection at the school shop.');
});
