import { expect, test, type Page } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, fillSignIn, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

/**
 * The parent's and the learner's dashboards, and a learner invited to sign in. The demo
 * week of 8A and 10A comes from the seed (seed-family.ts); the invited learner is this spec's own,
 * in 10A (no other spec counts 10A's learners or marks its register).
 */

async function settled(page: Page) {
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
}

type TOverview = {
  attendance: {
    counts: Record<'present' | 'late' | 'absent' | 'excused', number>;
    schoolDays: number;
    otherDays: number;
  };
};

test('the demo parent sees their child’s class, week and attendance', async ({ page }) => {
  await signIn(page, DEMO.parent, DEMO_PASSWORD);
  await page.goto('/dashboard/parent');
  const card = page.getByRole('region', { name: 'Kabelo Mokoena', exact: true });
  await expect(card).toContainText('Class 8A · Grade 8 · Demo High School');
  await settled(page);

  const week = card.getByRole('table', { name: 'Weekly timetable of Kabelo Mokoena (8A)' });
  await expect(week.getByRole('columnheader', { name: /^Friday/ })).toBeVisible();
  const firstPeriod = week.getByRole('row', { name: /^Period 1\s*07:45/ });
  // Monday's first lesson of the demo week, with its teacher and room.
  const mondayFirst = firstPeriod.getByRole('cell').first();
  await expect(mondayFirst).toContainText('English');
  await expect(mondayFirst).toContainText('Pieter van der Merwe · Room 8A');
  await expect(
    week
      .getByRole('row', { name: /^Break/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('Break');

  // The figures are the server's (another spec may have marked Kabelo absent on this server).
  const children = (await (await page.request.get('/api/school/my-children')).json()) as { children: { id: string }[] };
  const overview = (
    (await (await page.request.get(`/api/school/my-children/${children.children[0]!.id}/overview`)).json()) as {
      overview: TOverview;
    }
  ).overview;
  const summary = card.getByTestId('attendance-summary');
  await expect(summary).toContainText('The last 30 school days');
  const { counts } = overview.attendance;
  if (counts.present + counts.late + counts.absent + counts.excused === 0) {
    await expect(summary).toContainText('No register has been marked for Kabelo in these days yet.');
  } else {
    for (const [label, n] of [
      ['Present', counts.present],
      ['Absent', counts.absent],
    ] as const) {
      await expect(summary.getByText(label, { exact: true }).locator('xpath=..')).toContainText(String(n));
    }
    // The rate to one decimal, as the school's rates per grade show it (it read "96%" beside "95.7%").
    await expect(summary.getByText('Attendance rate', { exact: true }).locator('xpath=..')).toContainText(
      /\d{1,3}\.\d%/,
    );
    // The demo keeps registers of the last 20 school days only: the figures add up to the marked
    // days, and the card says so rather than leaving them to be read as all 30.
    const marked = counts.present + counts.late + counts.absent + counts.excused;
    const days = overview.attendance.schoolDays + overview.attendance.otherDays;
    if (marked < days) {
      await expect(summary).toContainText(`Registers marked for Kabelo on ${marked} of these ${days} days.`);
    }
  }
  // The page still lists the children as before.
  await expect(page.getByTestId('my-children')).toContainText('Kabelo Mokoena');
  await expectNoSeriousA11yViolations(page);
});

test('the demo learner sees their class, today and their week', async ({ page }) => {
  await signIn(page, DEMO.learner, DEMO_PASSWORD);
  await page.goto('/dashboard');
  await page.waitForURL('**/dashboard/student');
  await expect(page.getByTestId('learner-class')).toHaveText('Class 8A · Grade 8 · Demo High School');
  await expect(page.getByRole('region', { name: 'Today’s lessons' })).toBeVisible();
  const week = page.getByRole('table', { name: 'Weekly timetable of 8A' });
  await expect(
    week
      .getByRole('row', { name: /^Period 3\s*09:15/ })
      .getByRole('cell')
      .first(),
  ).toContainText('Economic and Management Sciences');
  await expect(page.getByRole('region', { name: 'Your attendance' })).toContainText('The last 30 school days');
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  // The assignments page lists the work set for the learner (the seed's two 8A English assignments).
  await page.getByRole('link', { name: /^Assignments What your teachers set/ }).click();
  await page.waitForURL('**/dashboard/student/assignments');
  await expect(page.getByRole('heading', { name: 'Student Assignments', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Short story: A day I will never forget' })).toBeVisible();
});

test('the admin invites a learner, who sets a password and sees their own dashboard', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const email = uniqueEmail('learner');
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const classes = (await (await page.request.get('/api/school/classes')).json()) as {
    classes: { id: string; name: string }[];
  };
  const created = await page.request.post('/api/school/learners', {
    headers: fromOurPages(),
    data: {
      firstName: 'Lindokuhle',
      lastName: `Family${tag}`,
      dateOfBirth: birthDateForGrade('10', { monthDay: '08-19' }),
      gender: 'male',
      grade: '10',
      registerClassId: classes.classes.find((c) => c.name === '10A')!.id,
      admissionNumber: `FAM-${tag}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const learnerId = ((await created.json()) as { learner: { id: string } }).learner.id;

  await page.goto(`/dashboard/school/students/${learnerId}`);
  const account = page.getByRole('region', { name: 'Learner’s own sign-in' });
  await expect(account).toContainText('Lindokuhle has no Sekolo account.');
  await account.getByRole('button', { name: 'Invite learner to sign in' }).click();
  const form = account.getByRole('form', { name: 'Invite learner to sign in' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Please enter the learner’s e-mail address')).toBeVisible();
  await form.getByLabel('Learner’s e-mail address').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
  await expect(account.getByTestId('learner-account-status')).toHaveText('Invited');
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(request, email, (m) => m.tag === 'school-learner-invitation');
  expect(mail.subject).toBe('Demo High School invites you to Sekolo');
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(linkFrom(mail, '/reset-password'));
  await learner.getByLabel('New password', { exact: true }).fill('learner-chosen-password-7');
  await learner.getByLabel('Confirm new password').fill('learner-chosen-password-7');
  await learner.getByRole('button', { name: 'Set new password' }).click();
  await learner.waitForURL('**/login?reset=true');
  await fillSignIn(learner, email, 'learner-chosen-password-7');
  await expect(learner.getByText('Login successful')).toBeVisible();
  await learner.goto('/dashboard');
  await learner.waitForURL('**/dashboard/student');
  await expect(learner.getByRole('heading', { level: 1 })).toHaveText('Welcome, Lindokuhle');
  await expect(learner.getByTestId('learner-class')).toHaveText('Class 10A · Grade 10 · Demo High School');
  await expect(learner.getByRole('table', { name: 'Weekly timetable of 10A' })).toContainText('Accounting');
  await expect(learner.getByRole('region', { name: 'Your attendance' })).toContainText(
    'No register has been marked for you in these days yet.',
  );
  await settled(learner);
  await expectNoSeriousA11yViolations(learner);

  // The admin sees the account in use, and revokes it.
  await page.reload();
  await expect(account.getByTestId('learner-account-status')).toHaveText('Active');
  await expect(account).toContainText(`Lindokuhle signs in with ${email}.`);
  await account.getByRole('button', { name: 'Revoke account' }).click();
  await account.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByText('Lindokuhle’s account revoked')).toBeVisible();
  await expect(account).toContainText('Lindokuhle has no Sekolo account.');

  // Signed out everywhere: the learner's next visit asks them to sign in.
  await learner.goto('/dashboard/student');
  await learner.waitForURL('**/login**');
  await learnerContext.close();
});
