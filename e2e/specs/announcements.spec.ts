import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { waitForMail, type TOutboxMessage } from '../fixtures/outbox';

/**
 * Announcements on the demo school (Enterprise, SMS account in sandbox mode): the admin sends a
 * grade announcement by app, e-mail and SMS; the demo parent of that grade finds it under the bell
 * and on its page, in the mail outbox and in the SMS sandbox; after the parent turns announcement
 * e-mail off, the next one reaches them in the app and by SMS but not by e-mail. Titles are unique
 * per run, and the parent's preferences are reset first, so a retry passes too.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type TSms = { to: string; body: string };
async function waitForSms(page: Page, text: string, timeoutMs = 30_000): Promise<TSms> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { messages } = (await (await page.request.get('/api/dev/sms?limit=200')).json()) as { messages: TSms[] };
    const found = messages.find((m) => m.body.includes(text));
    if (found) return found;
    await page.waitForTimeout(300);
  }
  throw new Error(`No SMS with "${text}" within ${timeoutMs} ms`);
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return { context, page };
}

/** The grade of the demo parent's child, as the seeded parents' evening names it ("Grade 8"). */
async function parentsGrade(page: Page): Promise<string> {
  const { announcements } = (await (await page.request.get('/api/announcements/received')).json()) as {
    announcements: { title: string }[];
  };
  const evening = announcements.map((a) => /^(Grade \w+) parents’ evening$/.exec(a.title)).find(Boolean);
  return evening?.[1] ?? 'Grade 8';
}

async function sendGradeAnnouncement(admin: Page, grade: string, title: string, body: string) {
  await admin.goto('/dashboard/school/announcements');
  await expect(admin.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await admin.getByLabel('Title').fill(title);
  await admin.getByLabel('Message').fill(body);
  await admin.getByLabel('Send to').selectOption('grade');
  const gradeSelect = admin.getByLabel('Grade', { exact: true });
  const option = await gradeSelect
    .locator('option', { hasText: new RegExp(`^${grade} \\(`) })
    .first()
    .textContent();
  await gradeSelect.selectOption({ label: option! });
  await admin.getByRole('checkbox', { name: 'SMS' }).check();
  await admin.getByRole('button', { name: 'Send announcement' }).click();
  await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

test('a grade announcement reaches the parents in the app, by e-mail and by SMS; preferences are honoured', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const parent = await signedIn(browser, DEMO.parent);
  // A retry starts from the defaults: announcements in the app, by e-mail and by SMS.
  await parent.page.request.put('/api/notifications/preferences', {
    data: { preferences: [{ kind: 'announcement', in_app: true, email: true, sms: true }] },
  });
  const grade = await parentsGrade(parent.page);

  const admin = await signedIn(browser, DEMO.schoolAdmin);
  await admin.page.goto('/dashboard/school/announcements');
  await expectNoSeriousA11yViolations(admin.page);
  const title = `Camp forms ${run}`;
  await sendGradeAnnouncement(admin.page, grade, title, `${grade} camp forms and the R450 deposit are due on Friday.`);
  // The delivery report follows the send job.
  const sms = admin.page.getByTestId('report-SMS');
  await expect(sms.getByText('Sent', { exact: true }).locator('xpath=..').locator('dd')).not.toHaveText('0', {
    timeout: 30_000,
  });
  await expect(admin.page.getByTestId('report-E-mail')).toBeVisible();
  await expectNoSeriousA11yViolations(admin.page);

  // The parent: the bell, the announcement's page, the outbox and the SMS sandbox.
  await parent.page.goto('/dashboard/parent');
  const bell = parent.page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
  await bell.click();
  await parent.page.getByTestId('notification-panel').getByRole('link', { name: new RegExp(title) }).click();
  await expect(parent.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(parent.page.getByText('camp forms and the R450 deposit are due on Friday.')).toBeVisible();
  const mail = await waitForMail(
    parent.page.request,
    DEMO.parent,
    (m: TOutboxMessage) => m.subject.endsWith(title),
    30_000,
  );
  expect(mail.subject).toBe(`Demo High School: ${title}`);
  const text = await waitForSms(parent.page, title);
  expect(text.to).toMatch(/^\+27\d{9}$/);
  expect(text.body).toContain('Reply STOP to opt out.');

  // The parent turns announcement e-mail off on their settings.
  await parent.page.goto('/settings');
  const row = parent.page.getByRole('group', { name: 'School announcements' });
  await row.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await parent.page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(parent.page.getByText('Notification settings saved.')).toBeVisible();

  const second = `Camp bus times ${run}`;
  await sendGradeAnnouncement(admin.page, grade, second, 'The camp bus leaves at 07:30 from the school gate.');
  await waitForSms(parent.page, second);
  // The send job wrote its SMS, so its e-mail is written too: none to this parent.
  const { messages } = (await (
    await parent.page.request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO.parent)}`)
  ).json()) as {
    messages: TOutboxMessage[];
  };
  expect(messages.filter((m) => m.subject.endsWith(second))).toEqual([]);
  await parent.page.goto('/dashboard/notifications');
  await expect(parent.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(parent.page.getByTestId('notification-list').getByText(second)).toBeVisible();
  await expectNoSeriousA11yViolations(parent.page);

  await admin.context.close();
  await parent.context.close();
});
