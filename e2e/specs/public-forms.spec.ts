import { expect, test, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

const TEAM = 'team@sekolo.test';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.co.za`;

/** A date in South Africa 'YYYY-MM-DD', `days` after today there. */
function saDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const dayOfWeek = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
function nextDate(predicate: (day: number) => boolean, from = 2): string {
  let days = from;
  while (!predicate(dayOfWeek(saDate(days)))) days++;
  return saDate(days);
}

const newsletterBox = (page: Page) => page.getByRole('form', { name: 'Newsletter' });

test.describe('footer newsletter', () => {
  test('subscribes with double opt-in: the mailed links confirm and unsubscribe', async ({ page, request }) => {
    test.slow(); // axe runs in this test
    const email = unique('reader');
    await page.goto('/');
    const box = newsletterBox(page);
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByText('Check your inbox to confirm your subscription.')).toBeVisible();

    const mail = await waitForMail(request, email, (m) => m.tag === 'newsletter-confirm');
    expect(mail.subject).toBe('Please confirm your Sekolo newsletter subscription');

    await page.goto(linkFrom(mail, '/newsletter/confirm'));
    await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(linkFrom(mail, '/newsletter/unsubscribe'));
    await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
    await expect(page.getByText('You were already unsubscribed.')).toBeVisible();
  });

  test('says clearly when the address is not valid, and when a link is not', async ({ page }) => {
    await page.goto('/');
    const box = newsletterBox(page);
    await box.getByLabel('Email address').fill('not-an-email');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByText('Please enter a valid email address')).toBeVisible();
    await expect(box.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(box.getByLabel('Email address')).toHaveValue('not-an-email');

    await page.goto('/newsletter/confirm?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'We could not confirm your subscription' })).toBeVisible();
    await expect(page.getByText(/This confirmation link is not valid/)).toBeVisible();
  });
});

test('the contact form sends the message to the team and shows the confirmation', async ({ page, request }) => {
  test.slow(); // axe runs in this test
  const email = unique('thandi');
  await page.goto('/contact');
  await expect(page.getByText('hello@sekolo.co.za').first()).toBeVisible();
  await expect(page.getByText('08:00 to 17:00 SAST Monday to Friday')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Your name').fill('Thandi Mokoena');
  await page.getByLabel('Email address').first().fill(email);
  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('Subject').fill('Fee reminders');
  await page.getByLabel('Message', { exact: true }).fill('Can Sekolo remind parents before school fees are due?');
  await page.getByRole('button', { name: 'Send message' }).click();
  // A bad phone number is pointed out and nothing typed is lost.
  await expect(page.getByText(/Please enter a valid South African phone number/)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Fee reminders');

  await page.getByLabel('Phone number').fill('082 123 4567');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const team = await waitForMail(request, TEAM, (m) => m.text.includes(email));
  expect(team.subject).toBe('Contact form: Fee reminders');
  const ack = await waitForMail(request, email);
  expect(ack.subject).toBe('We received your message');
});

test('the specialists form sends the enquiry to the team and shows the confirmation', async ({ page, request }) => {
  test.slow(); // axe runs in this test
  const email = unique('pieter');
  await page.goto('/contact-specialists');
  await expect(page.getByRole('heading', { level: 1, name: 'Need a custom solution?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Your name').fill('Pieter van der Merwe');
  await page.getByLabel('Work email address').fill(email);
  await page.getByLabel('Phone number').fill('+27 21 555 0199');
  await page.getByLabel('School or group name').fill('Cape Schools Trust');
  await page.getByLabel('Learners in total').selectOption({ label: '10,001 to 50,000 learners' });
  await page.getByLabel('Number of schools').fill('14');
  await page.getByLabel('What do you need?').fill('We run 14 schools and want one platform for fees and reports.');
  await page.getByRole('button', { name: 'Talk to a specialist' }).click();

  const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Enquiry sent' }) });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Cape Schools Trust')).toBeVisible();

  const team = await waitForMail(request, TEAM, (m) => m.text.includes(email));
  expect(team.subject).toBe('Custom solution enquiry: Cape Schools Trust');
  await waitForMail(request, email, (m) => m.subject === 'We received your enquiry about a custom solution');
});

test('booking a demo refuses a weekend, keeps the details and confirms a weekday', async ({ page, request }) => {
  test.slow(); // axe runs in this test
  const email = unique('sipho');
  const saturday = nextDate((day) => day === 6);
  const weekday = nextDate((day) => day >= 1 && day <= 5);
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: 'What the demo covers' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Your name').fill('Sipho Dlamini');
  await page.getByLabel('Your role').selectOption({ label: 'Principal' });
  await page.getByLabel('Email address').first().fill(email);
  await page.getByLabel('Phone number').fill('083 555 0123');
  await page.getByLabel('School name').fill('Soweto Combined School');
  await page.getByLabel('Number of learners').fill('850');
  await page.getByLabel('Preferred date').fill(saturday);
  await page.getByLabel('Preferred time (SAST)').selectOption('10:00');
  await page.getByRole('button', { name: 'Book my demo' }).click();
  await expect(page.getByText('Demos run Monday to Friday. Please choose a weekday')).toBeVisible();
  await expect(page.getByLabel('School name')).toHaveValue('Soweto Combined School');

  await page.getByLabel('Preferred date').fill(weekday);
  await page.getByRole('button', { name: 'Book my demo' }).click();
  const confirmation = page.getByTestId('demo-booking-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Your demo is booked' })).toBeVisible();
  const longDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${weekday}T00:00:00Z`),
  );
  await expect(confirmation.getByText(longDate)).toBeVisible();
  await expect(confirmation.getByText('10:00 to 10:45 SAST')).toBeVisible();
  await expect(confirmation.getByText('Soweto Combined School')).toBeVisible();

  const mail = await waitForMail(request, email, (m) => m.tag === 'demo-booking-confirmation');
  expect(mail.text).toContain(longDate);
  await waitForMail(request, TEAM, (m) => m.tag === 'demo-booking-team' && m.text.includes(email));
});

test('the development outbox lists mail and opens it with working links', async ({ page }) => {
  const email = unique('outbox');
  await page.goto('/');
  await newsletterBox(page).getByLabel('Email address').fill(email);
  await newsletterBox(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(newsletterBox(page).getByText('Check your inbox to confirm your subscription.')).toBeVisible();

  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText('DEVELOPMENT ONLY', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /Please confirm your Sekolo newsletter subscription/ }).click();
  await page.getByRole('link', { name: /\/newsletter\/confirm\?token=/ }).click();
  await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
});
