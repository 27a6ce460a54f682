import { expect, test, type Page } from '@playwright/test';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { approvedSchool } from '../fixtures/schools';

const PASSWORD = 'Billing-Test-2026!';

/** '16 December 2026': the day `days` from today in South Africa. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    day,
  );
}

function learnersCsv(tag: string, count: number): Buffer {
  const born = birthDateForGrade('5', { monthDay: '04-20' });
  const lines = ['first_name,last_name,date_of_birth,gender,grade,admission_number'];
  for (let i = 0; i < count; i++)
    lines.push(`Learner${i},Cap${tag},${born},${i % 2 ? 'male' : 'female'},5,CAP-${tag}-${i}`);
  return Buffer.from(lines.join('\n'));
}

/** The console page of the approved school application named `name` (the operator is signed in on `page`). */
async function consolePageOf(page: Page, name: string): Promise<string> {
  const list = await page.request.get('/api/console/applications?type=school_admin&status=approved&pageSize=100');
  const items = ((await list.json()) as { items: { id: string; name: string }[] }).items;
  const found = items.find((item) => item.name === name);
  expect(found, `${name} is approved`).toBeTruthy();
  return `/console/applications/${found!.id}`;
}

test.describe("the platform's own billing", () => {
  test('an approved school has the package it chose, the console shows it, and the package limit holds', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.slow(); // an application through the API, two sign-ins and two imports
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    const schoolName = `Marula Primary ${tag}`;
    const adminEmail = await approvedSchool(
      () => playwright.request.newContext({ baseURL, extraHTTPHeaders: fromOurPages(baseURL) }),
      baseURL!,
      schoolName,
      PASSWORD,
    );

    await test.step('the console shows the payment and the Growth subscription approval started', async () => {
      await signIn(page, DEMO.operator, DEMO_PASSWORD);
      await page.goto(await consolePageOf(page, schoolName));
      const billing = page.getByRole('region', { name: 'Payment and subscription' });
      await expect(billing.getByTestId('application-payment')).toContainText(
        /^Paid R0,00 on .+ \(card set up; first charge after the free trial\)$/,
      );
      await expect(billing.getByTestId('application-package')).toHaveText('Growth (R1 199,00 a month)');
      await expect(billing.getByTestId('application-subscription')).toHaveText('Free trial');
      await expect(billing.getByTestId('application-renewal')).toHaveText(dayFromToday(14));
      await expectNoSeriousA11yViolations(page);
    });

    const context = await browser.newContext();
    const admin = await context.newPage();
    await test.step('a file that would pass the Growth limit of 100 is refused whole, with the way to upgrade', async () => {
      await signIn(admin, adminEmail, PASSWORD);
      await admin.goto('/dashboard/school');
      await expect(admin.getByTestId('overview-enrolled')).toHaveText('0 of 100 learners');
      await expect(admin.getByText('Growth package: 100 places left')).toBeVisible();

      await admin.goto('/dashboard/school/students/import');
      await admin
        .getByLabel('CSV file')
        .setInputFiles({ name: 'too-many.csv', mimeType: 'text/csv', buffer: learnersCsv(`${tag}X`, 101) });
      await expect(admin.getByTestId('import-report')).toContainText('101 rows: 101 valid, 0 with errors.');
      await admin.getByRole('button', { name: 'Import 101 learners' }).click();
      const refused = admin.getByRole('alert').filter({ hasText: 'The file was not imported.' });
      await expect(refused).toContainText(
        'Your Growth package allows up to 100 learners and your school has 0. Upgrade to the Standard package (up to 200 learners) in Billing settings',
      );
      await admin.goto('/dashboard/school');
      await expect(admin.getByTestId('overview-enrolled')).toHaveText('0 of 100 learners');
    });

    await test.step('a full school sees its use against the limit; one more learner is refused', async () => {
      await admin.goto('/dashboard/school/students/import');
      await admin
        .getByLabel('CSV file')
        .setInputFiles({ name: 'whole-school.csv', mimeType: 'text/csv', buffer: learnersCsv(tag, 100) });
      await admin.getByRole('button', { name: 'Import 100 learners' }).click();
      await expect(admin.getByText('100 learners imported.')).toBeVisible();
      await admin.goto('/dashboard/school');
      await expect(admin.getByTestId('overview-enrolled')).toHaveText('100 of 100 learners');
      const warning = admin.getByTestId('overview-limit-warning');
      await expect(warning).toContainText('Your school has reached the Growth package limit of 100 learners.');
      await expect(warning.getByRole('link', { name: 'Upgrade your package in Billing settings' })).toHaveAttribute(
        'href',
        '/dashboard/school/settings/billing',
      );
      await expectNoSeriousA11yViolations(admin);

      const one = await admin.request.post('/api/school/learners', {
        headers: fromOurPages(baseURL),
        data: {
          firstName: 'One',
          lastName: `Toomany${tag}`,
          dateOfBirth: birthDateForGrade('5', { monthDay: '04-20' }),
          gender: 'male',
          grade: '5',
          admissionNumber: `CAP-${tag}-X`,
        },
      });
      expect(one.status()).toBe(409);
      expect((await one.json()).error.code).toBe('LEARNER_LIMIT');
    });
    await context.close();
  });

  test('the seeded Demo High School shows its Enterprise subscription in the console and on its overview', async ({
    page,
  }) => {
    await signIn(page, DEMO.operator, DEMO_PASSWORD);
    await page.goto(await consolePageOf(page, 'Demo High School'));
    const billing = page.getByRole('region', { name: 'Payment and subscription' });
    await expect(billing.getByTestId('application-package')).toHaveText('Enterprise (R5 999,00 a month)');
    await expect(billing.getByTestId('application-subscription')).toHaveText('Active');
    await expect(billing.getByTestId('application-renewal')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    await page.context().clearCookies();
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school');
    await expect(page.getByTestId('overview-enrolled')).toHaveText(/^\d[\d\u00a0]* of 5\u00a0000 learners$/);
  });
});
