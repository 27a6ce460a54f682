import { expect, test } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { addDays, formatLongDate, isWeekday, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { SCHOOL_MESSAGES, schoolYearStart } from '@sekolo/shared/schemas/school';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/** The weekday `n` weekdays before `date`. */
function weekdaysBefore(date: string, n: number): string {
  let day = date;
  for (let i = 0; i < n; i += 1) {
    day = addDays(day, -1);
    while (!isWeekday(day)) day = addDays(day, -1);
  }
  return day;
}

test.describe('back-capture (issue 6)', () => {
  const today = todayInSouthAfrica();
  // A weekday of this school year before today, which no other spec keeps a register of.
  const earlier = weekdaysBefore(today, 3);
  test.skip(earlier < schoolYearStart(today), 'the school year has no earlier weekday yet');

  test('a learner added "in this class since" an earlier day is marked on that day’s register; restored, she is back from the restore day', async ({
    page,
  }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const lastName = `Backcap${tag}`;
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school/students/new');
    await page.getByLabel('First name').fill('Zanele');
    await page.getByLabel('Surname').fill(lastName);
    await page.getByLabel('Date of birth').fill(`${Number(today.slice(0, 4)) - 15}-06-12`);
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Grade').selectOption('9');
    const since = page.getByLabel('In this class since');
    await expect(since).toHaveCount(0); // asked only once a class is chosen
    await page.getByLabel('Register class (optional)').selectOption({ label: '9A' });
    await expect(since).toHaveValue(today);
    await page.getByLabel('Admission number').fill(`BC-${tag}`.toUpperCase());
    await expectNoSeriousA11yViolations(page);

    // A day of the future, and one of last year, are refused in the form, on the field.
    await since.fill(addDays(today, 1));
    await page.getByRole('button', { name: 'Add learner' }).click();
    await expect(page.getByText(SCHOOL_MESSAGES.classSinceFuture)).toBeVisible();
    await expect(since).toBeFocused();
    await since.fill(addDays(schoolYearStart(today), -1));
    await page.getByRole('button', { name: 'Add learner' }).click();
    await expect(page.getByText(SCHOOL_MESSAGES.classSinceBeforeYear(schoolYearStart(today)))).toBeVisible();

    await since.fill(earlier);
    await page.getByRole('button', { name: 'Add learner' }).click();
    await page.waitForURL('**/dashboard/school/students');
    await expect(page.getByText(`Zanele ${lastName} added`)).toBeVisible();

    // 9A's register of that earlier day lists her, and is saved with her mark.
    const day = (await (await page.request.get(`/api/school/attendance/today?date=${earlier}`)).json()) as {
      schoolDay: boolean;
    };
    await page.goto(`/dashboard/school/attendance?date=${earlier}`);
    await page.getByLabel('Class').selectOption({ label: '9A (Grade 9)' });
    const register = page.getByRole('form', { name: 'Register for 9A' });
    const zanele = register.getByRole('radiogroup', { name: `Attendance of Zanele ${lastName}` });
    await expect(zanele).toBeVisible();
    await expect(zanele.getByRole('radio', { checked: true })).toHaveCount(0);
    // The others as a retry or another spec left them; whoever is not marked yet is marked present.
    await register.getByRole('button', { name: /^Mark (all|the other \d+|the last learner) present$/ }).click();
    await zanele.getByText('Late', { exact: true }).click();
    await register.getByRole('button', { name: 'Save register' }).click();
    if (!day.schoolDay)
      await page
        .getByRole('dialog', { name: /^Save register for \w+\?$/ })
        .getByRole('button', { name: /^Save register for \w+$/ })
        .click();
    await expect(page.getByText('Register saved')).toBeVisible();

    // Read again from the server: her mark is kept on that day's register.
    await page.reload();
    await page.getByLabel('Class').selectOption({ label: '9A (Grade 9)' });
    await expect(zanele.getByRole('radio', { name: 'Late' })).toBeChecked();
    // The day before she joined, 9A's register does not list her.
    await page.goto(`/dashboard/school/attendance?date=${weekdaysBefore(earlier, 1)}`);
    await page.getByLabel('Class').selectOption({ label: '9A (Grade 9)' });
    await expect(page.getByRole('form', { name: 'Register for 9A' }).getByRole('radiogroup').first()).toBeVisible();
    await expect(zanele).toHaveCount(0);

    // Her record says since when she is in 9A.
    const found = (await (await page.request.get(`/api/school/learners?q=${lastName}`)).json()) as {
      learners: { id: string }[];
    };
    await page.goto(`/dashboard/school/students/${found.learners[0]!.id}`);
    await expect(page.getByText(`In this class since ${formatLongDate(earlier)}`)).toBeVisible();

    // Archived, then restored: she was not in 9A while archived, so she is back on its registers
    // from the day of the restore (unless the admin gives an earlier one).
    await page.getByRole('button', { name: 'Archive learner' }).click();
    await expect(page.getByText('Learner archived')).toBeVisible();
    // Focus follows the swapped button: Enter restores, without a hunt from the top of the page.
    await expect(page.getByRole('button', { name: 'Restore learner' })).toBeFocused();
    await page.keyboard.press('Enter');
    const restore = page.getByRole('dialog', { name: 'Restore Zanele?' });
    await expect(restore).toContainText('Zanele was not in class 9A while archived');
    const back = restore.getByLabel('Back in class 9A since');
    await expect(back).toHaveValue(today);
    await expectNoSeriousA11yViolations(page);
    await back.fill(addDays(today, 1));
    await restore.getByRole('button', { name: 'Restore learner' }).click();
    await expect(restore.getByText(SCHOOL_MESSAGES.classSinceFuture)).toBeVisible();
    await back.fill(today);
    await restore.getByRole('button', { name: 'Restore learner' }).click();
    await expect(page.getByText('Learner restored')).toBeVisible();
    await expect(restore).toBeHidden();
    await expect(page.getByRole('button', { name: 'Archive learner' })).toBeFocused();
    await expect(page.getByText(`In this class since ${formatLongDate(today)}`)).toBeVisible();
    // A day after she joined but before the restore, with no mark of hers: 9A's register leaves her out.
    await page.goto(`/dashboard/school/attendance?date=${weekdaysBefore(today, 1)}`);
    await page.getByLabel('Class').selectOption({ label: '9A (Grade 9)' });
    await expect(page.getByRole('form', { name: 'Register for 9A' }).getByRole('radiogroup').first()).toBeVisible();
    await expect(zanele).toHaveCount(0);
  });

  test('the admin corrects the day a learner joined the class she stays in, on her record', async ({ page }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const lastName = `Redate${tag}`;
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    // Added to 9A today (as the form does, over the API); she really sat in 9A from an earlier day.
    const classes = (await (await page.request.get('/api/school/classes')).json()) as {
      classes: { id: string; name: string }[];
    };
    const class9a = classes.classes.find((c) => c.name === '9A')!.id;
    const created = await page.request.post('/api/school/learners', {
      headers: fromOurPages(),
      data: {
        firstName: 'Ayanda',
        lastName,
        dateOfBirth: `${Number(today.slice(0, 4)) - 15}-03-04`,
        gender: 'female',
        grade: '9',
        registerClassId: class9a,
        admissionNumber: `RD-${tag}`.toUpperCase(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { learner: { id: string } }).learner.id;
    const registerLists = async (date: string) =>
      (
        (await (await page.request.get(`/api/school/attendance/classes/${class9a}/register/${date}`)).json()) as {
          register: { rows: { learnerId: string }[] };
        }
      ).register.rows.some((r) => r.learnerId === id);
    expect(await registerLists(earlier)).toBe(false);

    await page.goto(`/dashboard/school/students/${id}`);
    await expect(page.getByText(`In this class since ${formatLongDate(today)}`)).toBeVisible();
    const since = page.getByLabel('In this class since');
    await expect(since).toHaveCount(0);
    // "Change" opens the day, focused; "Keep" closes it again, the focus back on Change.
    const change = page.getByRole('button', { name: 'Change “In this class since”' });
    await change.click();
    await expect(since).toBeFocused();
    await expect(since).toHaveValue(today);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Keep ${formatLongDate(today)}` }).click();
    await expect(since).toHaveCount(0);
    await expect(change).toBeFocused();

    // A day of the future is refused on the field, in the shared schema's words.
    await change.click();
    await since.fill(addDays(today, 1));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(SCHOOL_MESSAGES.classSinceFuture)).toBeVisible();
    await expect(since).toBeFocused();

    // The earlier day: saved, her record says so, and 9A's register of that day lists her.
    await since.fill(earlier);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Learner saved')).toBeVisible();
    await expect(page.getByText(`In this class since ${formatLongDate(earlier)}`)).toBeVisible();
    await expect(since).toHaveCount(0);
    expect(await registerLists(earlier)).toBe(true);
    await page.reload();
    await expect(page.getByText(`In this class since ${formatLongDate(earlier)}`)).toBeVisible();
  });
});
