import { expect, test, type Page } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { freeMinutes, hhmm } from '../fixtures/timetable';

const API = '/api/school/timetable';

/** A teacher of this test's own, invited over the API (as the staff screen does); their id. */
async function inviteTeacher(page: Page, firstName: string, lastName: string): Promise<string> {
  const response = await page.request.post('/api/school/staff', {
    headers: fromOurPages(),
    data: { firstName, lastName, email: uniqueEmail('handover'), role: 'teacher' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { member: { id: string } }).member.id;
}

/** An 8A Mathematics group of its own name taught by `teacherId`; its id. */
async function group(page: Page, name: string, teacherId: string) {
  const setup = (await (await page.request.get(`${API}/setup`)).json()) as {
    setup: { classes: { id: string; name: string }[] };
  };
  const registerClassId = setup.setup.classes.find((c) => c.name === '8A')!.id;
  const created = await page.request.post(`${API}/subject-classes`, {
    headers: fromOurPages(),
    // A group of chosen learners (none yet): groups of one class may meet side by side.
    data: { subject: 'mathematics', teacherId, registerClassId, groupName: name, membership: 'chosen' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { subjectClass: { id: string } }).subjectClass.id;
}

/**
 * An 8A Mathematics group of its own name taught by `teacherId`, with a lesson in the period on Monday.
 */
async function groupWithLesson(page: Page, periodId: string, name: string, teacherId: string) {
  const subjectClassId = await group(page, name, teacherId);
  const lesson = await page.request.post(`${API}/lessons`, {
    headers: fromOurPages(),
    data: { subjectClassId, day: 1, periodId, roomId: null },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  return subjectClassId;
}

/** A period of this test's own, in minutes of the afternoon no other period uses. */
async function addPeriod(page: Page, from: string) {
  await page.goto('/dashboard/school/timetable');
  await expect(page.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a period' })).toBeVisible();
  const start = await freeMinutes(page, from, 30);
  const name = `Handover ${Date.now().toString(36).slice(-5)}`;
  const response = await page.request.post(`${API}/periods`, {
    headers: fromOurPages(),
    data: { name, startsAt: hhmm(start), endsAt: hhmm(start + 30), isBreak: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { period: { id: string } }).period.id, name };
}

/**
 * A teacher leaves; the staff screen's removal dialog leads the admin to each of their
 * subject classes' edit in the timetable, where it is given to another teacher (one busy at its
 * lesson is refused, naming the clash), and the new teacher's week shows it.
 */
test('the admin hands a leaving teacher’s subject class to another teacher and sees it on their timetable', async ({
  page,
}) => {
  const suffix = Date.now().toString(36).slice(-5);
  const leaver = { first: 'Lerato', last: `Leaver${suffix}` };
  const taker = { first: 'Bongani', last: `Taker${suffix}` };
  const busy = { first: 'Ayanda', last: `Busy${suffix}` };
  const title = `8A Mathematics (Group ${suffix})`;
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const leaverId = await inviteTeacher(page, leaver.first, leaver.last);
  await inviteTeacher(page, taker.first, taker.last);
  const busyId = await inviteTeacher(page, busy.first, busy.last);
  const period = await addPeriod(page, '15:00');
  await groupWithLesson(page, period.id, `Group ${suffix}`, leaverId);
  // Ayanda already teaches another group in that period on Monday.
  await groupWithLesson(page, period.id, `Busy ${suffix}`, busyId);

  // A role that cannot teach: the warning names the subject class and links to its edit.
  await page.goto('/dashboard/school/teachers');
  const row = page
    .getByTestId('staff-table')
    .getByRole('row')
    .filter({ hasText: `${leaver.first} ${leaver.last}` });
  await row.getByLabel(`Role of ${leaver.first} ${leaver.last}`).selectOption('driver');
  await row.getByRole('button', { name: `Save role for ${leaver.first} ${leaver.last}` }).click();
  const warning = page.getByRole('dialog', { name: `Change the role of ${leaver.first} ${leaver.last}?` });
  await expect(warning).toContainText(
    `${leaver.first} ${leaver.last} teaches ${title}. As Driver they can no longer teach: this subject class stays on the timetable under their name until you give it to another teacher.`,
  );
  await expect(warning.getByRole('link', { name: `Give ${title} to another teacher` })).toBeVisible();
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByText(`${leaver.first} ${leaver.last} is now Driver`)).toHaveCount(0);

  // The removal dialog names the subject class and links to its edit.
  await row.getByRole('button', { name: `Remove ${leaver.first} ${leaver.last} from school` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${leaver.first} ${leaver.last} from the school?` });
  await expect(dialog).toContainText('Their subject classes stay on the timetable under their name');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('link', { name: `Give ${title} to another teacher` }).click();

  // The timetable opens that subject class's edit, its teacher focused.
  await expect(page).toHaveURL(/\/dashboard\/school\/timetable$/);
  const edit = page.getByRole('form', { name: `Edit ${title}` });
  const teacher = edit.getByLabel('Teacher');
  await expect(teacher).toBeFocused();
  await expect(teacher).toHaveValue(leaverId);

  // A teacher busy at its lesson is refused, the clash named on the field.
  await teacher.selectOption({ label: `${busy.first} ${busy.last}` });
  await edit.getByRole('button', { name: 'Save subject class' }).click();
  await expect(
    edit.getByText(
      `${busy.first} ${busy.last} already teaches 8A Mathematics (Busy ${suffix}) in ${period.name} on Monday.`,
    ),
  ).toBeVisible();
  await expect(teacher).toBeFocused();
  await expect(teacher).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  // A free teacher takes it; the focus goes back to its Edit button.
  await teacher.selectOption({ label: `${taker.first} ${taker.last}` });
  await edit.getByRole('button', { name: 'Save subject class' }).click();
  await expect(page.getByText(`${title} is now taught by ${taker.first} ${taker.last}`)).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Subject classes' }).getByText(`${title} (${taker.first} ${taker.last})`),
  ).toBeVisible();

  // The new teacher's week shows the lesson; the class's week names them.
  const week = page.getByRole('region', { name: 'Weekly timetable' });
  await week.getByLabel('Show by').selectOption('teacher');
  await week.getByLabel('Teacher', { exact: true }).selectOption({ label: `${taker.first} ${taker.last}` });
  const theirs = page.getByRole('table', { name: `Weekly timetable: ${taker.first} ${taker.last}` });
  await expect(theirs.getByRole('row', { name: new RegExp(period.name) })).toContainText(title);
  await week.getByLabel('Show by').selectOption('class');
  await week.getByLabel('Class', { exact: true }).selectOption({ label: '8A' });
  const classWeek = page.getByRole('table', { name: 'Weekly timetable: 8A' });
  await expect(classWeek.getByRole('row', { name: new RegExp(period.name) })).toContainText(
    `${taker.first} ${taker.last}`,
  );

  // The leaver has nothing left to hand over.
  await page.goto('/dashboard/school/teachers');
  await row.getByRole('button', { name: `Remove ${leaver.first} ${leaver.last} from school` }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toContainText('subject classes');
  await dialog.getByRole('button', { name: 'Remove from school' }).click();
  await expect(page.getByText(`${leaver.first} ${leaver.last} was removed from the school.`)).toBeVisible();
});

/**
 * A school that has subject classes but no bell schedule yet. The staff screen's link to
 * hand a leaving teacher's subject class over still opens its edit: the timetable lists rooms and
 * subject classes beside its empty state. The demo school has periods, which other specs use, so
 * this page reads the school's setup without them (only the periods are taken out of the answer).
 */
test('without periods the staff screen’s link still opens the subject class’s edit', async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const leaver = { first: 'Thabo', last: `Early${suffix}` };
  const taker = { first: 'Naledi', last: `Early${suffix}` };
  const title = `8A Mathematics (Early ${suffix})`;
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const leaverId = await inviteTeacher(page, leaver.first, leaver.last);
  await inviteTeacher(page, taker.first, taker.last);
  await group(page, `Early ${suffix}`, leaverId);
  await page.route(`**${API}/setup`, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { setup: { periods: unknown[] } };
    await route.fulfill({ response, json: { ...answer, setup: { ...answer.setup, periods: [] } } });
  });

  await page.goto('/dashboard/school/teachers');
  const row = page
    .getByTestId('staff-table')
    .getByRole('row')
    .filter({ hasText: `${leaver.first} ${leaver.last}` });
  await row.getByRole('button', { name: `Remove ${leaver.first} ${leaver.last} from school` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${leaver.first} ${leaver.last} from the school?` });
  await dialog.getByRole('link', { name: `Give ${title} to another teacher` }).click();

  // The empty state, and beside it the subject class's edit, its teacher focused.
  await expect(page.getByTestId('module-empty-state')).toContainText('No timetable yet');
  const edit = page.getByRole('form', { name: `Edit ${title}` });
  const teacher = edit.getByLabel('Teacher');
  await expect(teacher).toBeFocused();
  await expect(teacher).toHaveValue(leaverId);
  await expectNoSeriousA11yViolations(page);
  await teacher.selectOption({ label: `${taker.first} ${taker.last}` });
  await edit.getByRole('button', { name: 'Save subject class' }).click();
  await expect(page.getByText(`${title} is now taught by ${taker.first} ${taker.last}`)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Subject classes' }).getByText(`${title} (${taker.first} ${taker.last})`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeFocused();
});

/** Removing a room or a subject class asks first, saying what goes with it; Keep keeps it. */
test('removing a room or a subject class from the timetable setup asks first', async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const room = `Store ${suffix}`;
  const title = `8A Mathematics (Remove ${suffix})`;
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const teacherId = await inviteTeacher(page, 'Zanele', `Remover${suffix}`);
  const period = await addPeriod(page, '16:00');
  await groupWithLesson(page, period.id, `Remove ${suffix}`, teacherId);
  expect((await page.request.post(`${API}/rooms`, { headers: fromOurPages(), data: { name: room } })).status()).toBe(201);
  await page.reload();

  // A room: the question says its lessons keep no room; Keep keeps it, the focus back on Remove.
  const rooms = page.getByRole('list', { name: 'Rooms' });
  const removeRoom = rooms.getByRole('button', { name: `Remove ${room}` });
  await removeRoom.click();
  const askRoom = rooms.getByRole('group', { name: `Remove ${room}` });
  await expect(askRoom).toContainText(`Remove ${room}? No lesson uses it.`);
  await expect(askRoom.getByRole('button', { name: 'Keep' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await askRoom.getByRole('button', { name: 'Keep' }).click();
  await expect(removeRoom).toBeFocused();
  await removeRoom.click();
  await askRoom.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText(`${room} removed`)).toBeVisible();
  await expect(rooms.getByText(room, { exact: true })).toHaveCount(0);

  // A subject class: the question names the lesson that goes with it.
  const subjects = page.getByRole('list', { name: 'Subject classes' });
  await subjects.getByRole('button', { name: `Remove ${title}` }).click();
  const askSubject = subjects.getByRole('group', { name: `Remove ${title}` });
  await expect(askSubject).toContainText(`Remove ${title}? Its lesson will be deleted too.`);
  await askSubject.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText(`${title} removed`)).toBeVisible();
  await expect(subjects.getByText(title)).toHaveCount(0);
  const week = page.getByRole('region', { name: 'Weekly timetable' });
  await week.getByLabel('Show by').selectOption('class');
  await week.getByLabel('Class', { exact: true }).selectOption({ label: '8A' });
  await expect(page.getByRole('table', { name: 'Weekly timetable: 8A' })).not.toContainText(`Remove ${suffix}`);
});
