import { expect, test } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { approvedSchool, ok } from '../fixtures/schools';

/**
 * The school's settings (D26): the admin of a school of this attempt's own edits the
 * school profile, then withdraws a permission from teachers in the roles matrix; the school's
 * teacher is refused at once by the API and not offered the page in the sidebar. A school of
 * its own, so the demo school's teachers keep their permissions for the other specs.
 */

const PASSWORD = 'School-settings-e2e-password-5';

test.describe.configure({ timeout: 180_000 });

test('the admin edits the school profile and withdraws a permission from teachers, after which a teacher is refused', async ({
  browser,
  page,
  playwright,
  request,
  baseURL,
}) => {
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const schoolName = `Marula Primary ${tag}`;
  const newContext = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: fromOurPages(baseURL) });
  const adminEmail = await test.step('a school of its own is approved', () =>
    approvedSchool(newContext, baseURL!, schoolName, PASSWORD));
  const teacherEmail = uniqueEmail('settings-teacher');

  await test.step('the admin invites a teacher, who sets a password', async () => {
    await signIn(page, adminEmail, PASSWORD);
    await ok(
      await page.request.post('/api/school/staff', {
        headers: fromOurPages(baseURL),
        data: { firstName: 'Lwazi', lastName: `Teacher${tag}`, email: teacherEmail, role: 'teacher' },
      }),
      201,
    );
    const invitation = await waitForMail(request, teacherEmail, (m) => m.tag === 'school-staff-invitation');
    const token = new URL(linkFrom(invitation, '/reset-password')).searchParams.get('token');
    await ok(
      await request.post('/api/auth/reset-password', {
        data: { newPassword: PASSWORD, token },
        headers: fromOurPages(baseURL),
      }),
    );
  });

  await test.step('the old School Settings address opens the profile; the admin edits it', async () => {
    await page.goto('/admin/school-settings');
    await page.waitForURL('**/dashboard/school/settings');
    await expect(page.getByRole('heading', { name: 'School profile', level: 1 })).toBeVisible();
    await expect(page.getByLabel('School name')).toHaveValue(schoolName);
    await page.getByLabel('School name').fill(`${schoolName} School`);
    await page.getByLabel('EMIS number').fill('700400123');
    await page.getByLabel('Quintile').selectOption('3');
    await page.getByLabel('Fee status').selectOption('no_fee');
    await page.getByLabel('City or town').fill('Mbombela');
    await page.getByLabel('Province').selectOption('mpumalanga');
    await page.getByLabel('Phone').fill('013 755 1234');
    await page.getByLabel('EMIS number').fill('12');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('EMIS number must be 6 to 12 digits')).toBeVisible();
    await page.getByLabel('EMIS number').fill('700400123');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('School profile saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('School name')).toHaveValue(`${schoolName} School`);
    await expect(page.getByLabel('Quintile')).toHaveValue('3');
    await expect(page.getByLabel('Phone')).toHaveValue('013 755 1234');
    await expectNoSeriousA11yViolations(page);
  });

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await test.step('the teacher works with the learners', async () => {
    await signIn(teacherPage, teacherEmail, PASSWORD);
    await teacherPage.goto('/dashboard/teacher');
    await expect(teacherPage.getByRole('link', { name: 'Students', exact: true })).toBeVisible();
    expect((await teacherPage.request.get('/api/school/learners')).status()).toBe(200);
  });

  await test.step('the admin withdraws View learners from teachers in the roles matrix', async () => {
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Roles and permissions' })
      .click();
    await expect(page.getByRole('heading', { name: 'Roles and permissions', level: 1 })).toBeVisible();
    // The school admin's own settings rights cannot be withdrawn.
    await expect(page.getByRole('checkbox', { name: 'Manage permissions for School Administrator' })).toBeDisabled();
    const box = page.getByRole('checkbox', { name: 'View learners for Teacher', exact: true });
    await expect(box).toBeChecked();
    // The box follows the server's table: it clears once the change is saved.
    await box.click();
    await expect(page.getByText('View learners withdrawn from Teacher.')).toBeVisible();
    await expect(box).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'View learners for Teacher', exact: true })).not.toBeChecked();
  });

  await test.step('the teacher is refused and not offered the page', async () => {
    const refused = await teacherPage.request.get('/api/school/learners');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toBe('You do not have permission to do that.');
    await teacherPage.goto('/dashboard/teacher');
    await expect(teacherPage.getByRole('link', { name: 'Attendance', exact: true })).toBeVisible();
    await expect(teacherPage.getByRole('link', { name: 'Students', exact: true })).toHaveCount(0);
  });
  await teacherContext.close();
});
