import { expect, test } from '@playwright/test';
import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { publicHolidayOn } from '@sekolo/shared/domain/sa-public-holidays';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/**
 * Bookings (D22): the demo tutor publishes an online lesson and extra evening hours; the demo
 * parent books the new time from the public service page, pays at the sandbox checkout and sees the
 * joining link; a second booking of the same time is refused (the database's exclusion constraint).
 */
test.describe.configure({ timeout: 180_000 });

/** A weekday six or more days ahead that is not a public holiday (South African dates). */
function eveningDay(): string {
  let date = addDays(todayInSouthAfrica(), 6);
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6 || publicHolidayOn(date)) date = addDays(date, 1);
  return date;
}

test('a tutor publishes a lesson and hours, a parent books and pays it, and the same time cannot be booked twice', async ({
  page,
  browser,
}) => {
  const title = `Life Sciences lesson ${Date.now().toString(36)}`;
  const day = eveningDay();

  // The tutor: a new online service, and extra hours one evening.
  await signIn(page, DEMO.vendor, DEMO_PASSWORD);
  await page.goto('/dashboard/business/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Services' }).click();
  const form = page.getByRole('form', { name: 'New service' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Length (minutes)').fill('60');
  await form.getByLabel('Price (R)').fill('300');
  await form.getByLabel('Online (a meeting link)').check();
  await form.getByLabel('Meeting link (paid attendees only)').fill('https://meet.example.test/life-sciences');
  await form.getByRole('button', { name: 'Publish service' }).click();
  const card = page.getByTestId('own-service').filter({ hasText: title });
  await expect(card).toBeVisible();

  await page.getByRole('tab', { name: 'Availability' }).click();
  await page.getByRole('button', { name: 'Add a day off or extra hours' }).click();
  await page.getByLabel('Date').last().fill(day);
  await page.getByLabel('Kind').last().selectOption('extra');
  await page.getByLabel('Extra from').last().fill('20:00');
  await page.getByLabel('Extra until').last().fill('21:00');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByRole('status')).toContainText('Your hours are saved');

  await page.getByRole('tab', { name: 'Services' }).click();
  await card.getByRole('link', { name: 'Public page' }).click();
  await page.waitForURL('**/marketplace/services/**');
  const serviceUrl = new URL(page.url()).pathname;
  const serviceId = serviceUrl.split('/').pop()!;
  // Server-rendered with its Open Graph meta, and no meeting link for the public.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(title));
  expect(await page.content()).not.toContain('meet.example.test');
  await page.context().clearCookies();

  // The parent books the evening time and pays at the sandbox checkout.
  await signIn(page, DEMO.parent, DEMO_PASSWORD);
  await page.goto(serviceUrl);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: '20:00', exact: true }).click();
  await page.getByRole('button', { name: 'Book and pay R300,00' }).click();
  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Lindiwe Mokoena');
  await page.getByRole('button', { name: 'Pay R320,40' }).click();
  await page.waitForURL(/\/dashboard\/bookings\?order=/);
  const booking = page.getByTestId('my-booking').filter({ hasText: title });
  await expect(booking).toContainText('Confirmed');
  await expect(booking).toContainText('20:00');
  await expect(booking.getByRole('link', { name: 'Join the session' })).toHaveAttribute(
    'href',
    'https://meet.example.test/life-sciences',
  );
  await expect(booking.getByRole('link', { name: 'Add to calendar (.ics)' })).toBeVisible();

  // Someone else: a taken time is not offered, and booking it anyway is refused.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, DEMO.customer, DEMO_PASSWORD);
  await second.goto(serviceUrl);
  await expect(second.getByRole('heading', { name: title })).toBeVisible();
  await expect(second.getByRole('button', { name: '20:00', exact: true })).toHaveCount(0);
  const refused = await second.request.post(`/api/bookings/services/${serviceId}/book`, {
    headers: fromOurPages(),
    data: { startsAt: `${day}T20:00:00+02:00` },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toBe('Sorry, that time has just been booked. Please choose another.');
  await other.close();

  // The tutor's calendar and list show the parent's paid booking.
  await page.context().clearCookies();
  await signIn(page, DEMO.vendor, DEMO_PASSWORD);
  await page.goto('/dashboard/business/bookings');
  await page.getByRole('tab', { name: 'List' }).click();
  await expect(page.getByTestId('provider-booking').filter({ hasText: title })).toContainText('Confirmed');
});
