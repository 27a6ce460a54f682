import { expect, test, type Page } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { freeMinutes, hhmm } from '../fixtures/timetable';

/** The school admin builds the bell schedule, places a lesson, and a clash is refused with a message naming it. */
test('the admin sets up a period, adds a lesson and sees a clash refused', async ({ page }) => {
  const suffix = String(Date.now() % 100000);
  const period = `Period ${suffix}`;
  const lab = `Lab ${suffix}`;
  const teacher = 'Pieter van der Merwe';

  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  await expect(page.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();

  // The bell schedule: one period, in minutes of the afternoon no other period uses (periods may not overlap).
  const periodForm = page.getByRole('form', { name: 'Add a period' });
  await expect(periodForm).toBeVisible();
  const startsAt = await freeMinutes(page, '12:00', 30);
  await periodForm.getByLabel('Period name').fill(period);
  await periodForm.getByLabel('Starts').fill(hhmm(startsAt));
  await periodForm.getByLabel('Ends').fill(hhmm(startsAt + 30));
  await periodForm.getByRole('button', { name: 'Add period' }).click();
  await expect(page.getByRole('region', { name: 'Bell schedule' }).getByText(period)).toBeVisible();

  // A subject 8A and 8B do not have yet, so a retry on the same server starts clean.
  const classA = '8A';
  const classB = '8B';
  await expect(page.getByRole('form', { name: 'Add a subject class' })).toBeVisible();
  const setupText = (await page.getByRole('region', { name: 'Rooms and subject classes' }).textContent()) ?? '';
  const candidates = [
    'Mathematics',
    'Life Orientation',
    'Natural Sciences',
    'Technology',
    'Creative Arts',
    'Social Sciences',
  ];
  const subject = candidates.find(
    (name) => !setupText.includes(`${classA} ${name} (`) && !setupText.includes(`${classB} ${name} (`),
  )!;

  // A room and two subject classes taught by the same teacher.
  const roomForm = page.getByRole('form', { name: 'Add a room' });
  await roomForm.getByLabel('Room name').fill(lab);
  await roomForm.getByRole('button', { name: 'Add room' }).click();
  await expect(
    page.getByRole('region', { name: 'Rooms and subject classes' }).getByText(lab, { exact: false }),
  ).toBeVisible();
  const subjectForm = page.getByRole('form', { name: 'Add a subject class' });
  for (const klass of [classA, classB]) {
    await subjectForm.getByLabel('Class', { exact: true }).selectOption({ label: klass });
    await subjectForm.getByLabel('Subject').selectOption({ label: subject });
    await subjectForm.getByLabel('Teacher').selectOption({ label: teacher });
    await subjectForm.getByRole('button', { name: 'Add subject class' }).click();
    await expect(page.getByText(`${klass} ${subject} (${teacher})`, { exact: false })).toBeVisible();
  }

  // 8A: the subject in the new period on Monday.
  const week = page.getByRole('region', { name: 'Weekly timetable' });
  await week.getByLabel('Show by').selectOption('class');
  await week.getByLabel('Class', { exact: true }).selectOption({ label: classA });
  const grid = page.getByRole('table', { name: `Weekly timetable: ${classA}` });
  await expect(grid.getByRole('columnheader', { name: 'Monday' })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: new RegExp(period) })).toBeVisible();
  await grid.getByRole('button', { name: `Add a lesson in ${period} on Monday` }).click();
  const lessonForm = page.getByRole('form', { name: 'Add a lesson' });
  await lessonForm.getByLabel('Subject and teacher').selectOption({ label: `${classA} ${subject} – ${teacher}` });
  await lessonForm.getByLabel('Room').selectOption({ label: lab });
  await lessonForm.getByRole('button', { name: 'Add lesson' }).click();
  await expect(grid.getByText(subject)).toBeVisible();

  // 8B: the same teacher in the same period on Monday is refused, naming the clash.
  await week.getByLabel('Class', { exact: true }).selectOption({ label: classB });
  const grid8B = page.getByRole('table', { name: `Weekly timetable: ${classB}` });
  await grid8B.getByRole('button', { name: `Add a lesson in ${period} on Monday` }).click();
  await lessonForm.getByLabel('Subject and teacher').selectOption({ label: `${classB} ${subject} – ${teacher}` });
  await lessonForm.getByRole('button', { name: 'Add lesson' }).click();
  await expect(lessonForm.getByRole('alert')).toHaveText(
    `${teacher} already teaches ${classA} ${subject} in ${period} on Monday.`,
  );
  await expect(grid8B.getByText(subject)).toHaveCount(0);

  // The teacher's own week shows the one lesson.
  await week.getByLabel('Show by').selectOption('teacher');
  // By name: other specs invite teachers of their own, and the first listed may be one of them.
  await week.getByLabel('Teacher', { exact: true }).selectOption({ label: teacher });
  await expect(
    page.getByRole('table', { name: `Weekly timetable: ${teacher}` }).getByText(`${classA} ${subject}`),
  ).toBeVisible();
  // The school terms: the SA calendar by default, changed by the admin (a retry finds them changed).
  const terms = page.getByRole('form', { name: 'School terms' });
  await page.getByLabel('Year').selectOption('2026');
  await expect(terms.getByLabel('Term 4 ends')).toHaveValue('2026-12-09');
  const customised = await page.getByText('Your school’s term dates.').isVisible();
  if (!customised) {
    await expect(terms.getByLabel('Term 1 starts')).toHaveValue('2026-01-14');
    await expect(terms.getByText('The South African public school calendar.')).toBeVisible();
  }
  const newStart =
    (await terms.getByLabel('Term 1 starts').inputValue()) === '2026-01-15' ? '2026-01-16' : '2026-01-15';
  await terms.getByLabel('Term 1 starts').fill(newStart);
  await terms.getByRole('button', { name: 'Save term dates' }).click();
  await expect(page.getByText('Your school’s term dates.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'School terms' }).getByLabel('Term 1 starts')).toHaveValue(newStart);

  // A date changed and not saved is not lost to a stray tap; once saved, leaving does not ask.
  const again = newStart === '2026-01-15' ? '2026-01-16' : '2026-01-15';
  await terms.getByLabel('Term 1 starts').fill(again);
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.getByLabel('Year').selectOption('2027');
  await expect(leave).toContainText('The term dates you changed are not saved.');
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Year')).toHaveValue('2026');
  await expect(terms.getByLabel('Term 1 starts')).toHaveValue(again);
  const students = page.getByRole('navigation', { name: 'School' }).getByRole('link', { name: 'Students' });
  await students.click();
  await expect(leave).toContainText('The term dates you changed are not saved.');
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(terms.getByLabel('Term 1 starts')).toHaveValue(again);
  const saved = page.waitForResponse((r) => r.url().endsWith('/terms') && r.request().method() === 'PUT');
  await terms.getByRole('button', { name: 'Save term dates' }).click();
  expect((await saved).status()).toBe(200);
  await expect(terms.getByRole('button', { name: 'Save term dates' })).toBeEnabled();
  await students.click();
  await page.waitForURL('**/dashboard/school/students');
  await expect(leave).toHaveCount(0);
});

/** A subject class of chosen learners (an elective or a group): the admin picks two learners and sees them listed. */
test('the admin creates a subject class of chosen learners and sees them listed', async ({ page }) => {
  const group = `Group ${String(Date.now() % 100000)}`;
  const teacher = 'Pieter van der Merwe';
  const title = `8A Mathematics (${group})`;

  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  const subjectForm = page.getByRole('form', { name: 'Add a subject class' });
  await subjectForm.getByLabel('Class', { exact: true }).selectOption({ label: '8A' });
  await subjectForm.getByLabel('Subject').selectOption({ label: 'Mathematics' });
  await subjectForm.getByLabel('Teacher').selectOption({ label: teacher });
  await subjectForm.getByLabel('Group name').fill(group);
  await subjectForm.getByRole('radio', { name: 'Chosen learners' }).check();

  // The picker lists Grade 8's learners (8A and 8B); two are chosen with the keyboard-usable checkboxes.
  const picker = subjectForm.getByRole('group', { name: /Choose learners/ });
  const rows = picker.getByRole('listitem');
  await expect(rows.nth(1)).toBeVisible();
  const picked: string[] = [];
  for (const i of [0, 1]) {
    picked.push((await rows.nth(i).locator('span').first().textContent())!.trim());
    await rows.nth(i).getByRole('checkbox').check();
  }
  await expect(picker.getByText('2 selected')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The search narrows the list to one learner's name.
  await picker.getByLabel('Search learners').fill(picked[0]!);
  await expect(rows.filter({ hasText: picked[0]! }).first()).toBeVisible();
  await picker.getByLabel('Search learners').fill('');
  await subjectForm.getByRole('button', { name: 'Add subject class' }).click();

  const list = page.getByRole('list', { name: 'Subject classes' });
  // The demo school's Grade 10 elective (seed-family.ts).
  await expect(
    list.getByRole('listitem').filter({ hasText: `10A Physical Sciences (Elective) (${teacher})` }),
  ).toContainText('Chosen learners · 4 learners');
  const item = list.getByRole('listitem').filter({ hasText: `${title} (${teacher})` });
  await expect(item).toContainText('Chosen learners · 2 learners');
  await item.getByRole('button', { name: `Learners of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const members = dialog.getByRole('list', { name: `Learners in ${title}` });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  for (const name of picked) await expect(members.getByText(name, { exact: true })).toBeVisible();
  await expect(
    dialog
      .getByRole('group', { name: /Add learners/ })
      .getByRole('checkbox')
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Removing one leaves the other.
  await dialog.getByRole('button', { name: `Remove ${picked[1]} from ${title}` }).click();
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members.getByText(picked[0]!, { exact: true })).toBeVisible();
});

/**
 * Periods may not overlap (a teacher could be booked in both at once): the form shows the server's
 * refusal naming both periods; touching is fine. A lesson is removed only once the admin says so,
 * and focus stays in its cell.
 */
test('the admin is refused an overlapping period and confirms removing a lesson', async ({ page }) => {
  const suffix = String(Date.now() % 100000);
  const first = `Clinic ${suffix}`;
  const second = `Study ${suffix}`;
  const teacher = 'Pieter van der Merwe';

  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  const bell = page.getByRole('region', { name: 'Bell schedule' });
  const periodForm = page.getByRole('form', { name: 'Add a period' });
  await expect(periodForm).toBeVisible();
  // The evening: the first test takes its periods from 12:00, so the two never meet.
  const start = await freeMinutes(page, '18:00', 60);
  const [startsAt, middle, endsAt] = [hhmm(start), hhmm(start + 30), hhmm(start + 60)];
  await periodForm.getByLabel('Period name').fill(first);
  await periodForm.getByLabel('Starts').fill(startsAt);
  await periodForm.getByLabel('Ends').fill(middle);
  await periodForm.getByRole('button', { name: 'Add period' }).click();
  await expect(bell.getByRole('list').getByText(first, { exact: true })).toBeVisible();

  // A second period starting inside the first is refused, naming both with their times.
  const overlapStart = hhmm(start + 15);
  await periodForm.getByLabel('Period name').fill(second);
  await periodForm.getByLabel('Starts').fill(overlapStart);
  await periodForm.getByLabel('Ends').fill(endsAt);
  await periodForm.getByRole('button', { name: 'Add period' }).click();
  await expect(periodForm.getByRole('alert')).toHaveText(
    `${second} (${overlapStart}–${endsAt}) overlaps ${first} (${startsAt}–${middle}).`,
  );
  await expect(bell.getByRole('list').getByText(second, { exact: true })).toHaveCount(0);
  // Starting as the first ends is fine.
  await periodForm.getByLabel('Starts').fill(middle);
  await periodForm.getByRole('button', { name: 'Add period' }).click();
  await expect(bell.getByRole('list').getByText(second, { exact: true })).toBeVisible();
  await expect(periodForm.getByRole('alert')).toHaveCount(0);

  // A lesson of 8A in the first period on Friday.
  const week = page.getByRole('region', { name: 'Weekly timetable' });
  await week.getByLabel('Show by').selectOption('class');
  await week.getByLabel('Class', { exact: true }).selectOption({ label: '8A' });
  const grid = page.getByRole('table', { name: 'Weekly timetable: 8A' });
  const where = `${first} on Friday`;
  const add = grid.getByRole('button', { name: `Add a lesson in ${where}`, exact: true });
  await add.click();
  const lessonForm = page.getByRole('form', { name: 'Add a lesson' });
  await lessonForm.getByLabel('Subject and teacher').selectOption({ label: `8A English – ${teacher}` });
  await lessonForm.getByRole('button', { name: 'Add lesson' }).click();
  const remove = grid.getByRole('button', { name: `Remove English in ${where}`, exact: true });
  await expect(remove).toBeVisible();
  await expect(add).toHaveCount(0);

  // One keypress only asks; Keep (focused, the safe answer) keeps it and gives focus back.
  await remove.focus();
  await page.keyboard.press('Enter');
  const question = grid.getByRole('group', { name: `Remove English in ${where}`, exact: true });
  await expect(question).toContainText(`Remove 8A English from ${where}?`);
  const keep = question.getByRole('button', { name: 'Keep' });
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  await expect(remove).toBeFocused();

  // Asked again and confirmed: the lesson goes and focus moves to the cell's "Add a lesson".
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  await question.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(remove).toHaveCount(0);
  await expect(add).toBeFocused();
  await expect(page.getByText(`8A English removed from ${where}`)).toBeVisible();

  // The server removed it too.
  await page.reload();
  await page.getByRole('region', { name: 'Weekly timetable' }).getByLabel('Class', { exact: true }).selectOption({
    label: '8A',
  });
  await expect(grid.getByRole('button', { name: `Add a lesson in ${where}`, exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: `Remove English in ${where}`, exact: true })).toHaveCount(0);
});

/** The lessons a new period is given over the API: subject classes of the demo week by class and subject. */
async function placeLessons(
  page: Page,
  periodId: string,
  lessons: { className: string; subject: string; day: number }[],
) {
  const setup = (await (await page.request.get('/api/school/timetable/setup')).json()) as {
    setup: {
      subjectClasses: { id: string; registerClassName: string; subjectLabel: string; groupName: string | null }[];
    };
  };
  for (const lesson of lessons) {
    const subjectClass = setup.setup.subjectClasses.find(
      (s) => s.registerClassName === lesson.className && s.subjectLabel === lesson.subject && !s.groupName,
    )!;
    const placed = await page.request.post('/api/school/timetable/lessons', {
      headers: fromOurPages(),
      data: { subjectClassId: subjectClass.id, day: lesson.day, periodId, roomId: null },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  }
}

/** Removing a period deletes its lessons: asked first, naming them; a period without lessons goes at once. */
test('the admin confirms removing a period with lessons; one without goes at once; both are in recent activity', async ({
  page,
}) => {
  const suffix = String(Date.now() % 100000);
  const withLessons = `Extra ${suffix}`;
  const empty = `Spare ${suffix}`;
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  const bell = page.getByRole('region', { name: 'Bell schedule' });
  const periodForm = page.getByRole('form', { name: 'Add a period' });
  await expect(periodForm).toBeVisible();
  // Late at night: the other tests take the afternoon (12:00) and the evening (18:00).
  const start = await freeMinutes(page, '21:00', 60);
  const added: Record<string, string> = {};
  for (const [name, from] of [
    [withLessons, start],
    [empty, start + 30],
  ] as const) {
    const created = await page.request.post('/api/school/timetable/periods', {
      headers: fromOurPages(),
      data: { name, startsAt: hhmm(from), endsAt: hhmm(from + 30), isBreak: false },
    });
    expect(created.status(), await created.text()).toBe(201);
    added[name] = ((await created.json()) as { period: { id: string } }).period.id;
  }
  await placeLessons(page, added[withLessons]!, [
    { className: '8A', subject: 'English', day: 1 },
    { className: '8A', subject: 'Afrikaans', day: 2 },
    { className: '10A', subject: 'English', day: 3 },
  ]);
  await page.reload();

  // No lessons: removed with one click, and said so.
  await bell.getByRole('button', { name: `Remove ${empty}`, exact: true }).click();
  await expect(page.getByText(`${empty} removed`, { exact: true })).toBeVisible();
  await expect(bell.getByRole('list').getByText(empty, { exact: true })).toHaveCount(0);

  // Lessons: one keypress only asks, naming them; Keep (focused) keeps everything.
  const remove = bell.getByRole('button', { name: `Remove ${withLessons}`, exact: true });
  await remove.focus();
  await page.keyboard.press('Enter');
  const question = bell.getByRole('group', { name: `Remove ${withLessons}`, exact: true });
  await expect(question).toContainText(
    `Remove ${withLessons}? Its 3 lessons in 2 classes (8A and 10A) will be deleted too.`,
  );
  const keep = question.getByRole('button', { name: 'Keep' });
  await expect(keep).toBeFocused();
  await keep.click();
  await expect(question).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(bell.getByRole('list').getByText(withLessons, { exact: true })).toBeVisible();

  // Confirmed: the period and its lessons go.
  await remove.click();
  await question.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText(`${withLessons} removed with its 3 lessons`)).toBeVisible();
  await expect(bell.getByRole('list').getByText(withLessons, { exact: true })).toHaveCount(0);
  const week = page.getByRole('region', { name: 'Weekly timetable' });
  await week.getByLabel('Show by').selectOption('class');
  await week.getByLabel('Class', { exact: true }).selectOption({ label: '8A' });
  await expect(
    page.getByRole('table', { name: 'Weekly timetable: 8A' }).getByRole('rowheader', { name: new RegExp(withLessons) }),
  ).toHaveCount(0);

  // The dashboard's recent activity names both removals.
  await page.goto('/dashboard/school');
  await expect(page.getByText(`${withLessons} removed from the bell schedule with its 3 lessons`)).toBeVisible();
  await expect(page.getByText(`${empty} removed from the bell schedule`, { exact: true })).toBeVisible();
});

/** A phone (375 px): the lesson form's Period select shows its whole text, and the week keeps its day headers. */
test('on a phone the Period select shows its whole text and the week keeps its day headers in view', async ({
  page,
}) => {
  const suffix = String(Date.now() % 100000);
  const period = `Period ${suffix}`;
  await page.setViewportSize({ width: 375, height: 560 });
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  await expect(page.getByRole('form', { name: 'Add a period' })).toBeVisible();
  const start = await freeMinutes(page, '22:30', 30);
  const created = await page.request.post('/api/school/timetable/periods', {
    headers: fromOurPages(),
    data: { name: period, startsAt: hhmm(start), endsAt: hhmm(start + 30), isBreak: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const periodId = ((await created.json()) as { period: { id: string } }).period.id;
  try {
    await page.reload();
    const select = page.getByRole('form', { name: 'Add a lesson' }).getByLabel('Period');
    await select.selectOption({ label: `${period} (${hhmm(start)})` });
    const box = (await select.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // The chosen option's text fits between the select's paddings (the arrow sits in the right one).
    const fits = await select.evaluate((element: HTMLSelectElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(element.selectedOptions[0]!.text).width;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);

    // 8A's week scrolled down to its last period (at the foot of the screen, as a thumb leaves it):
    // Monday's header is still on screen above it, not covered by anything.
    const week = page.getByRole('region', { name: 'Weekly timetable' });
    await week.getByLabel('Class', { exact: true }).selectOption({ label: '8A' });
    const grid = page.getByRole('table', { name: 'Weekly timetable: 8A' });
    const lastRow = grid.getByRole('rowheader', { name: new RegExp(period) });
    // At once: the page scrolls smoothly (app.css), and a box read mid-scroll would be anywhere.
    await lastRow.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
    const mondayHeader = grid.getByRole('columnheader', { name: 'Monday' });
    const monday = (await mondayHeader.boundingBox())!;
    const last = (await lastRow.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(560 + 1);
    expect(monday.y).toBeGreaterThanOrEqual(0);
    expect(monday.y + monday.height).toBeLessThanOrEqual(last.y + 1);
    const onTop = await mondayHeader.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && element.contains(hit);
    });
    expect(onTop).toBe(true);
  } finally {
    await page.request.delete(`/api/school/timetable/periods/${periodId}`, { headers: fromOurPages() });
  }
});

/** A teacher opening the timetable sees their own week first, not the first class of the school. */
test('the demo teacher’s timetable opens on their own week', async ({ page }) => {
  await signIn(page, DEMO.teacher, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  await expect(page.getByLabel('Show by')).toHaveValue('teacher');
  const mine = page.getByRole('table', { name: 'Weekly timetable: Pieter van der Merwe' });
  // Their lessons in both of their classes: 8A's English and 10A's Accounting.
  await expect(mine).toContainText('8A English');
  await expect(mine).toContainText('10A Accounting');
  // A class's week is one choice away.
  await page.getByLabel('Show by').selectOption('class');
  await expect(page.getByRole('table', { name: 'Weekly timetable: 8A' })).toBeVisible();
});

test('on a phone a long subject name stays inside its lesson, not over the next day', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await signIn(page, DEMO.teacher, DEMO_PASSWORD);
  await page.goto('/dashboard/school/timetable');
  const grid = page.getByRole('table', { name: 'Weekly timetable: Pieter van der Merwe' });
  await expect(grid).toContainText('Economic and Management Sciences');
  // Each lesson's text is as wide as its box at most ("Management" ran over Wednesday's column).
  const overflowing = await grid
    .locator('td [class*="bg-brand-50"]')
    .evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.textContent));
  expect(overflowing).toEqual([]);
});
