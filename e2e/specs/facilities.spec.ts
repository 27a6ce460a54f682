import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/**
 * Facility rentals (D22), end to end: the demo school lists a hall for hire, a business partner
 * finds it on the school's public page, books two hours and pays at the sandbox gateway, sees the
 * booking confirmed in its dashboard, and the school sees the paid booking on its Facilities page.
 * The hall's name is the run's own, so the spec passes on a retry too.
 */
test('a school lists its hall, a business books and pays it, and the school sees the booking', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Math.random().toString(36).slice(2, 7);
  const hallName = `Assembly Hall ${run}`;

  // The school adds the hall from its Facilities page.
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school');
  await page.getByRole('navigation').getByRole('link', { name: 'Facilities' }).click();
  await page.waitForURL('**/dashboard/school/facilities');
  await expect(page.getByRole('heading', { name: 'Facilities', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add facility' }).click();
  const form = page.getByRole('form', { name: 'New facility' });
  await form.getByLabel('Name').fill(hallName);
  await form.getByLabel('Rate per hour (R)').fill('500');
  await form.getByLabel('Capacity (people)').fill('300');
  await form.getByLabel('Rules the booker must accept').fill('No alcohol. Chairs back in rows afterwards.');
  await form.getByLabel('Bookings need the school’s approval').uncheck();
  await form.getByRole('button', { name: 'Add facility' }).click();
  const listed = page.getByRole('list', { name: 'Facilities' }).getByRole('listitem', { name: hallName });
  await expect(listed).toContainText('R500,00 an hour');

  // A business partner books it on the school's public page.
  const business = await browser.newContext();
  const partner = await business.newPage();
  await signIn(partner, DEMO.vendor, DEMO_PASSWORD);
  const publicPage = await partner.request.get('/api/facilities/schools/demo-high-school');
  const hall = ((await publicPage.json()) as { facilities: { id: string; name: string }[] }).facilities.find(
    (f) => f.name === hallName,
  )!;
  const week = await partner.request.get(`/api/facilities/${hall.id}/availability?days=31`);
  const day = ((await week.json()) as { days: { date: string; opens: string | null }[] }).days
    .slice(7)
    .find((d) => d.opens !== null)!;
  await partner.goto('/schools/demo-high-school/facilities');
  await expect(partner.getByRole('heading', { name: 'Facilities for hire at Demo High School' })).toBeVisible();
  const article = partner.getByRole('article', { name: hallName });
  await expect(article).toContainText('R500,00 an hour');
  const booking = article.getByRole('form', { name: `Book ${hallName}` });
  await booking.getByLabel('Date').fill(day.date);
  await booking.getByLabel('Start time').fill('10:00');
  await booking.getByLabel('Hours').fill('2');
  await booking.getByLabel('What is it for?').fill('Stationery expo');
  await expect(booking).toContainText('Price R1 000,00; you pay R1 068,00');
  await booking.getByRole('button', { name: 'Book and pay' }).click();
  await expect(booking.getByText('Accept the facility’s rules to book it').first()).toBeVisible();
  await booking.getByLabel('I accept the rules of this facility').check();
  await booking.getByRole('button', { name: 'Book and pay' }).click();

  await partner.waitForURL('**/payments/sandbox/**');
  await partner.getByLabel('Card number').fill('4242 4242 4242 4242');
  await partner.getByLabel('Expiry (MM/YY)').fill('12/35');
  await partner.getByLabel('CVC').fill('123');
  await partner.getByLabel('Name on card').fill('Demo Supplies');
  await partner.getByRole('button', { name: 'Pay R1 068,00' }).click();
  await partner.waitForURL('**/dashboard/business/facility-bookings**');
  const mine = partner
    .getByRole('list', { name: 'Facility bookings' })
    .getByRole('listitem')
    .filter({ hasText: hallName });
  await expect(mine).toContainText('Confirmed and paid', { timeout: 20_000 });
  await expect(mine).toContainText('10:00 to 12:00');
  await business.close();

  // The school sees the paid booking, with who booked it.
  await page.reload();
  const bookings = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: hallName });
  await expect(bookings).toContainText('Confirmed and paid', { timeout: 20_000 });
  await expect(bookings).toContainText(DEMO.vendor);
  await expect(bookings).toContainText('Stationery expo');
});
