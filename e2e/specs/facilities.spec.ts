import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/** A real PNG (one pixel): the server recognises it by its bytes and resizes it to WebP. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Facility rentals (D22), end to end: the demo school lists a hall for hire with a photo, a business
 * partner finds it (and the photo) on the school's public page, books two hours and pays at the sandbox gateway, sees the
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

  // It adds a photo of the hall with alt text and a caption; a file that is no picture is refused first.
  await listed.getByText('Photos (0)').click();
  const addPhoto = listed.getByRole('form', { name: `Add a photo of ${hallName}` });
  const file = addPhoto.getByLabel('Photo', { exact: true });
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Chairs: 300') });
  await addPhoto.getByRole('button', { name: 'Add photo' }).click();
  await expect(addPhoto.getByText('Please choose a PNG, JPEG or WebP photo')).toBeVisible();
  await file.setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: PNG });
  await addPhoto.getByLabel('Alt text').fill('The assembly hall with rows of chairs facing the stage');
  await addPhoto.getByLabel('Caption').fill('Set out for 300');
  await addPhoto.getByRole('button', { name: 'Add photo' }).click();
  await expect(listed.getByRole('status')).toHaveText('Photo added.');
  await expect(listed.getByText('Photos (1)')).toBeVisible();
  await expect(
    listed.getByRole('img', { name: 'The assembly hall with rows of chairs facing the stage' }),
  ).toBeVisible();

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
  // The hall's photo, with its alt text and caption, loaded lazily from the public picture route.
  const gallery = article.getByRole('list', { name: `Photos of ${hallName}` });
  const photo = gallery.getByRole('img', { name: 'The assembly hall with rows of chairs facing the stage' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect(photo).toHaveAttribute('src', /\/api\/facilities\/photos\//);
  await expect(gallery).toContainText('Set out for 300');
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
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
  await expect(mine.getByRole('img', { name: 'The assembly hall with rows of chairs facing the stage' })).toBeVisible();
  await business.close();

  // The school sees the paid booking, with who booked it.
  await page.reload();
  const bookings = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: hallName });
  await expect(bookings).toContainText('Confirmed and paid', { timeout: 20_000 });
  await expect(bookings).toContainText(DEMO.vendor);
  await expect(bookings).toContainText('Stationery expo');
});

/** Monday of a South African date's week (YYYY-MM-DD, computed on the calendar, not the clock). */
const mondayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/**
 * The approval flow: the school lists a hall that needs its approval; a business requests it (the
 * time is held, nothing paid), the school approves it on its Facilities page, the business pays and
 * sees it confirmed; the school finds it on its calendar (week and day), then has to cancel it: the
 * business is refunded in full and told why.
 */
test('a hall needing approval: requested, approved, paid, on the school’s calendar, then cancelled and refunded by the school', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Math.random().toString(36).slice(2, 7);
  const hallName = `Approval Hall ${run}`;

  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/facilities');
  await expect(page.getByRole('heading', { name: 'Facilities', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add facility' }).click();
  const form = page.getByRole('form', { name: 'New facility' });
  await form.getByLabel('Name').fill(hallName);
  await form.getByLabel('Rate per hour (R)').fill('400');
  await form.getByLabel('Rules the booker must accept').fill('No food in the hall.');
  await expect(form.getByLabel('Bookings need the school’s approval')).toBeChecked();
  await form.getByRole('button', { name: 'Add facility' }).click();
  await expect(page.getByRole('list', { name: 'Facilities' }).getByRole('listitem', { name: hallName })).toContainText(
    'approval required',
  );

  // The business requests two hours.
  const business = await browser.newContext();
  const partner = await business.newPage();
  await signIn(partner, DEMO.vendor, DEMO_PASSWORD);
  const hall = (
    (await (await partner.request.get('/api/facilities/schools/demo-high-school')).json()) as {
      facilities: { id: string; name: string }[];
    }
  ).facilities.find((f) => f.name === hallName)!;
  const day = (
    (await (await partner.request.get(`/api/facilities/${hall.id}/availability?days=31`)).json()) as {
      days: { date: string; opens: string | null }[];
    }
  ).days
    .slice(3)
    .find((d) => d.opens !== null)!;
  await partner.goto('/schools/demo-high-school/facilities');
  const booking = partner.getByRole('article', { name: hallName }).getByRole('form', { name: `Book ${hallName}` });
  await booking.getByLabel('Date').fill(day.date);
  await booking.getByLabel('Start time').fill('14:00');
  await booking.getByLabel('Hours').fill('2');
  await booking.getByLabel('What is it for?').fill('Parents’ evening on study skills');
  await booking.getByLabel('I accept the rules of this facility').check();
  await booking.getByRole('button', { name: 'Request booking' }).click();
  await expect(partner.getByText('Your request was sent to the school.')).toBeVisible();
  await partner.goto('/dashboard/business/facility-bookings');
  const mine = partner
    .getByRole('list', { name: 'Facility bookings' })
    .getByRole('listitem')
    .filter({ hasText: hallName });
  await expect(mine).toContainText('Waiting for approval', { timeout: 20_000 });
  await expect(mine.getByRole('button', { name: 'Pay now' })).toHaveCount(0);

  // The school approves the request.
  await page.reload();
  const request = page
    .getByRole('list', { name: 'Booking requests' })
    .getByRole('listitem')
    .filter({ hasText: hallName });
  await expect(request).toContainText('Parents’ evening on study skills', { timeout: 20_000 });
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request).toHaveCount(0);

  // The business pays and sees it confirmed.
  await partner.reload();
  await expect(mine).toContainText('Awaiting payment', { timeout: 20_000 });
  await mine.getByRole('button', { name: 'Pay now' }).click();
  await partner.waitForURL('**/payments/sandbox/**');
  await partner.getByLabel('Card number').fill('4242 4242 4242 4242');
  await partner.getByLabel('Expiry (MM/YY)').fill('12/35');
  await partner.getByLabel('CVC').fill('123');
  await partner.getByLabel('Name on card').fill('Demo Supplies');
  await partner.getByRole('button', { name: 'Pay R854,40' }).click();
  await partner.waitForURL('**/dashboard/business/facility-bookings**');
  await expect(mine).toContainText('Confirmed and paid', { timeout: 20_000 });

  // The school's calendar: the week of the booking, then that day alone, one facility.
  await page.reload();
  const calendar = page.getByTestId('facility-calendar');
  await expect(calendar).toBeVisible({ timeout: 20_000 });
  const today = (
    (await (await page.request.get(`/api/facilities/${hall.id}/availability?days=1`)).json()) as {
      days: { date: string }[];
    }
  ).days[0]!.date;
  const weeks = Math.round(
    (Date.parse(`${mondayOf(day.date)}T00:00:00Z`) - Date.parse(`${mondayOf(today)}T00:00:00Z`)) / (7 * 86_400_000),
  );
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hallName });
  const entry = calendar.getByTestId('calendar-booking').filter({ hasText: hallName });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('14:00–16:00');
  await expect(entry).toContainText('Confirmed and paid');
  // The day view shows the day the week view was on (today's weekday): step to the booking's day.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  const shift = (Date.parse(`${day.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000 - 7 * weeks;
  for (let i = 0; i < Math.abs(shift); i++)
    await page.getByRole('button', { name: shift > 0 ? 'Next' : 'Previous', exact: true }).click();
  await expect(entry).toHaveCount(1);
  await expect(calendar.getByRole('region')).toHaveCount(1);

  // The school has to cancel it: refunded in full, the business told why.
  const paid = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: hallName });
  await paid.getByRole('button', { name: 'Cancel and refund' }).click();
  await paid.getByLabel('Why is the school cancelling? The booker is told.').fill('The hall is needed for exams.');
  await expect(paid).toContainText('R800,00 and its processing fee are refunded to the booker.');
  await paid.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(paid).toContainText('Cancelled by the school: The hall is needed for exams.', { timeout: 20_000 });
  await expect(paid).toContainText('R800,00 refunded');
  await partner.reload();
  await expect(mine).toContainText('The school cancelled it: The hall is needed for exams.', { timeout: 20_000 });
  await expect(mine).toContainText('Refunded R800,00');
  await business.close();
});
