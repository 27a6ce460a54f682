import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { waitForMail } from '../fixtures/outbox';

const DRIVER = 'driver@demo-school.sekolo.test';

/**
 * School transport (D25) on the driver's phone: the demo driver opens today's morning trip of
 * Route A on a 375 px screen, finds the demo parent's child at his stop and marks him not boarded
 * with one tap; the demo parent then sees "Not boarded" on their dashboard and has the
 * notification, in the app and by e-mail.
 */
test('a driver marks a rider not boarded on a phone, and the guardian sees it and is told', async ({ browser }) => {
  test.setTimeout(180_000);
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, DRIVER, DEMO_PASSWORD);
  // The sidebar's Transport opens today's trips for a driver.
  await page.goto('/dashboard/school/transport');
  await page.waitForURL('**/dashboard/school/transport/trips');
  await expect(page.getByRole('heading', { name: 'Today’s trips', level: 1 })).toBeVisible({ timeout: 20_000 });
  const trips = page.getByRole('list', { name: 'Today’s trips' });
  await expect(trips.getByRole('link')).toHaveCount(4);
  await trips.getByRole('link', { name: /Route A – Soshanguve\s*Morning pick-up/ }).click();
  await expect(page.getByRole('heading', { name: 'Route A – Soshanguve', level: 1 })).toBeVisible();

  // The seeded trip is under way; should it not be (a run across midnight), the driver starts it.
  const start = page.getByRole('button', { name: 'Start trip' });
  if (await start.isVisible()) await start.click();
  await expect(page.getByTestId('trip-status')).toContainText('Under way');

  // Riders are grouped by stop; Kabelo waits at Block H clinic.
  const stop = page.getByRole('region', { name: /Block H clinic/ });
  const marks = stop.getByRole('group', { name: 'Mark Kabelo Mokoena' });
  const notBoarded = marks.getByRole('button', { name: 'Not boarded' });
  const box = await notBoarded.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await notBoarded.click();
  await expect(notBoarded).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Kabelo Mokoena: not boarded.')).toBeVisible();
  // A second tap is the same mark.
  await notBoarded.click();
  await expect(notBoarded).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);

  // The guardian sees it on their dashboard and has the notification.
  const family = await browser.newContext();
  const parent = await family.newPage();
  await signIn(parent, DEMO.parent, DEMO_PASSWORD);
  await parent.goto('/dashboard/parent');
  const card = parent.getByTestId('child-transport').filter({ hasText: 'Kabelo Mokoena' });
  await expect(card).toContainText('Route A – Soshanguve', { timeout: 20_000 });
  await expect(card).toContainText('06:52 at Block H clinic');
  await expect(card.getByTestId('transport-morning')).toHaveText('Not boarded');
  await parent.goto('/dashboard/notifications');
  await expect(parent.getByTestId('notification-list').getByText('Kabelo did not board the bus').first()).toBeVisible();
  const mail = await waitForMail(
    parent.request,
    DEMO.parent,
    (m) => m.subject === 'Kabelo did not board the bus',
    30_000,
  );
  expect(mail.text).toContain('Route A – Soshanguve');

  await phone.close();
  await family.close();
});

/**
 * The transport office: the school admin opens Transport from the sidebar, sees the routes with
 * their riders and seats and the vehicle whose roadworthy expires soon, opens Route C and adds a
 * learner found by admission number, who is opted into the route's fee item.
 */
test('the school admin sees routes and vehicles, and adds a rider to a route', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school');
  await page.getByRole('navigation').getByRole('link', { name: 'Transport' }).click();
  await page.waitForURL('**/dashboard/school/transport');
  await expect(page.getByRole('heading', { name: 'Transport', level: 1 })).toBeVisible({ timeout: 20_000 });
  const routes = page.getByRole('list', { name: 'Routes' });
  await expect(routes.getByRole('listitem').filter({ hasText: 'Route A – Soshanguve' })).toContainText('8 of 14 seats');
  await expect(page.getByText('Roadworthy certificates need attention')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').filter({ hasText: 'HX 92 KL GP' }),
  ).toContainText('Expires soon');
  await expectNoSeriousA11yViolations(page);

  await routes.getByRole('link', { name: 'Route C – Akasia' }).click();
  await expect(page.getByRole('heading', { name: 'Route C – Akasia', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Riders (5 of 15 seats)' })).toBeVisible();
  await page.getByLabel('Find a learner').fill('DHS-0007');
  const match = page.getByRole('list', { name: 'Matching learners' }).getByRole('listitem').first();
  await match.getByRole('button', { name: /^Add/ }).click();
  await expect(page.getByText(/added\. Opted into Bus transport\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Riders (6 of 15 seats)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
