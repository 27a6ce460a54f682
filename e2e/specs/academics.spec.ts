import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { fromOurPages } from '../fixtures/api';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/** Pastes `text` into the focused element the way a spreadsheet's copy arrives (text/plain). */
async function pasteText(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** The gradebook's cell of a task for a learner (its input is labelled "<task>, <learner>"). */
const cell = (page: Page, task: string, learner: string) => page.getByRole('textbox', { name: `${task}, ${learner}` });

test.describe('academics: the gradebook', () => {
  test('the demo teacher fills 8A English’s term 4 by keyboard and by paste, and releases the marks', async ({
    page,
  }) => {
    test.slow(); // a sign-in, autosaves, a reload, axe
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/grades');
    await expect(page.getByRole('heading', { name: 'Grades', level: 1 })).toBeVisible();
    await page.getByLabel('Subject class').selectOption({ label: '8A English (Grade 8, 8 learners)' });
    await page.getByLabel('Year').selectOption('2026');
    await page.getByLabel('Term').selectOption('4');

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Test 3/ })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(8);

    // Keyboard: type, Enter goes down a row, the arrows move across; AB and EX are marks too.
    await cell(page, 'Test 3', 'Karabo Khumalo').click();
    await page.keyboard.type('40');
    await page.keyboard.press('Enter');
    await expect(cell(page, 'Test 3', 'Pieter Khumalo')).toBeFocused();
    await page.keyboard.type('ab');
    await page.keyboard.press('Enter');
    await page.keyboard.type('35,5');
    await page.keyboard.press('ArrowUp');
    await expect(cell(page, 'Test 3', 'Pieter Khumalo')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cell(page, 'November examination', 'Pieter Khumalo')).toBeFocused();
    await page.keyboard.type('EX');

    // A mark above the task's total is named and not saved.
    await cell(page, 'Test 3', 'Kabelo Mokoena').fill('51');
    await expect(cell(page, 'Test 3', 'Kabelo Mokoena')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('gradebook-save-state')).toContainText('1 cell is not a mark');
    await cell(page, 'Test 3', 'Kabelo Mokoena').fill('');

    // Paste: a block from a spreadsheet fills from the focused cell, two tasks across.
    await cell(page, 'Test 3', 'Kabelo Mokoena').focus();
    await pasteText(page, '45\t120\r\n30\t90\r\n25\t100\r\n');
    await expect(cell(page, 'Test 3', 'Kabelo Mokoena')).toHaveValue('45');
    await expect(cell(page, 'November examination', 'Kabelo Mokoena')).toHaveValue('120');
    await expect(cell(page, 'Test 3', 'Thandiwe Naidoo')).toHaveValue('30');
    await expect(cell(page, 'November examination', 'Johan Ndlovu')).toHaveValue('100');

    await expect(page.getByTestId('gradebook-save-state')).toHaveText('All marks saved', { timeout: 15_000 });
    // Karabo's term mark and level: 40 of 50 in the term's one SBA task.
    const karabo = table.getByRole('row', { name: /Khumalo, Karabo/ });
    await expect(karabo.getByRole('cell').nth(2)).toHaveText(/%$/);
    await expect(karabo).toContainText('(Outstanding achievement)');

    // The marks are stored: a reload shows them, the comma kept.
    await page.reload();
    await expect(cell(page, 'Test 3', 'Ayesha Mokoena')).toHaveValue('35,5');
    await expect(cell(page, 'Test 3', 'Pieter Khumalo')).toHaveValue('AB');
    await expect(cell(page, 'November examination', 'Pieter Khumalo')).toHaveValue('EX');
    await expect(cell(page, 'November examination', 'Kabelo Mokoena')).toHaveValue('120');
    await expectNoSeriousA11yViolations(page);

    // Release, then a change asks for its reason.
    await page.getByRole('button', { name: 'Release marks' }).click();
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(page.getByText(/^Released to learners and parents on /)).toBeVisible();
    await cell(page, 'Test 3', 'Karabo Khumalo').fill('42');
    await expect(page.getByTestId('gradebook-save-state')).toHaveText('Changes not saved: give a reason and save');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The marks are released: give the reason for the change.')).toBeVisible();
    await page.getByLabel('Reason for changing released marks').fill('Remarked question 4 after moderation.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('gradebook-save-state')).toHaveText('All marks saved');
    await page.reload();
    await expect(cell(page, 'Test 3', 'Karabo Khumalo')).toHaveValue('42');
  });

  test('on a phone 375 px wide the grid scrolls sideways with the learner names in sight', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/grades');
    await page.getByLabel('Subject class').selectOption({ label: '8A English (Grade 8, 8 learners)' });
    await page.getByLabel('Term').selectOption('4');
    await expect(page.getByRole('rowheader').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const name = page.getByRole('rowheader').first();
    const before = await name.boundingBox();
    await page.getByRole('table').evaluate((table) => {
      table.parentElement!.scrollLeft = 400;
    });
    const after = await name.boundingBox();
    expect(after?.x).toBe(before?.x);
  });
});

test.describe('academics: assignments', () => {
  test('a teacher sets an assignment, the learner hands it in, the teacher marks and releases, learner and parent see the mark', async ({
    browser,
  }) => {
    test.slow(); // three people's sign-ins
    const title = `Persuasive essay ${Date.now().toString(36)}`;
    const due = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

    const teacher = await (await browser.newContext()).newPage();
    await signIn(teacher, DEMO.teacher, DEMO_PASSWORD);
    await teacher.goto('/dashboard/school/assignments');
    await expect(teacher.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
    const form = teacher.getByRole('form', { name: 'Set an assignment' });
    // The shared schema names what is missing.
    await form.getByRole('button', { name: 'Set assignment' }).click();
    await expect(form.getByText('Enter the assignment’s title.')).toBeVisible();
    await expect(form.getByText('Choose at least one of your subject classes.')).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Instructions').fill('Should South Africa build more nuclear power stations? 400 words.');
    await form.getByLabel('8A English').check();
    await form.getByLabel('Due date and time').fill(`${due}T14:00`);
    await form.getByLabel('Total marks').fill('20');
    await form.getByRole('button', { name: 'Set assignment' }).click();
    await expect(teacher.getByText('Assignment set for 8A English.')).toBeVisible();
    await expect(teacher.getByRole('link', { name: title })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);

    const learner = await (await browser.newContext()).newPage();
    await signIn(learner, DEMO.learner, DEMO_PASSWORD);
    await learner.goto('/dashboard/student/assignments');
    const card = learner.getByRole('article', { name: title });
    await expect(card).toContainText('To do');
    await card.getByLabel('Your answer').fill('Nuclear power gives steady baseload without load-shedding.');
    await card.getByRole('button', { name: 'Hand in' }).click();
    await expect(card).toContainText('Submitted');
    await expectNoSeriousA11yViolations(learner);

    await teacher.getByRole('link', { name: title }).click();
    await expect(teacher.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(teacher.getByText('Nuclear power gives steady baseload without load-shedding.')).toBeVisible();
    await teacher.getByLabel('Mark for Kabelo Mokoena').fill('17');
    await teacher.getByLabel('Comment for Kabelo Mokoena').fill('A clear argument; cite your sources.');
    await teacher.getByRole('button', { name: 'Save marks' }).click();
    await expect(teacher.getByText('Marks saved.')).toBeVisible();
    await teacher.getByRole('button', { name: 'Release marks' }).click();
    await teacher.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(teacher.getByText(/^Marks and comments released on /)).toBeVisible();

    await learner.reload();
    await expect(learner.getByRole('article', { name: title })).toContainText('Mark: 17 / 20 (85%)');
    await expect(learner.getByRole('article', { name: title })).toContainText(
      'Feedback: A clear argument; cite your sources.',
    );

    const parent = await (await browser.newContext()).newPage();
    await signIn(parent, DEMO.parent, DEMO_PASSWORD);
    await parent.goto('/dashboard/parent');
    const child = parent.getByRole('article', { name: `Kabelo Mokoena: ${title}` });
    await expect(child).toContainText('Mark: 17 / 20 (85%)');
  });
});

test.describe('academics: the programme of assessment', () => {
  test('the school admin adds a task to a term of Grade 8 English; the teacher reads it', async ({ page, browser }) => {
    test.slow(); // two sign-ins
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school/curriculum');
    await expect(page.getByRole('heading', { name: 'Curriculum', level: 1 })).toBeVisible();
    await page.getByLabel('Year').selectOption('2026');
    await page.getByLabel('Grade').selectOption('8');
    await page.getByLabel('Subject').selectOption({ label: 'English' });
    const term3 = page.getByRole('region', { name: 'Term 3' });
    const before = await term3.getByRole('row').count();
    await term3.getByRole('button', { name: 'Add a task' }).click();
    const n = before; // the header row is one of them: the new task is number `before`
    // The shared schema names what is wrong before anything is sent.
    await term3.getByRole('button', { name: 'Save term 3' }).click();
    await expect(term3.getByRole('alert')).toContainText(`Task ${n}: Enter the task’s name, e.g. Test 1.`);
    await term3.getByLabel(`Task ${n} name`).fill('Oral: prepared speech');
    await term3.getByLabel(`Task ${n} type`).selectOption('Practical task');
    await term3.getByLabel(`Task ${n} weight`).fill('20');
    await term3.getByLabel(`Task ${n} total marks`).fill('30');
    await term3.getByRole('button', { name: 'Save term 3' }).click();
    await expect(page.getByText('Term 3 tasks saved.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const teacher = await (await browser.newContext()).newPage();
    await signIn(teacher, DEMO.teacher, DEMO_PASSWORD);
    await teacher.goto('/dashboard/school/curriculum?year=2026&grade=8&subject=english');
    const teacherTerm3 = teacher.getByRole('region', { name: 'Term 3' });
    await expect(teacherTerm3.getByLabel(`Task ${n} name`)).toHaveValue('Oral: prepared speech');
    await expect(teacherTerm3.getByLabel(`Task ${n} name`)).toBeDisabled();
    await expect(teacherTerm3.getByRole('button', { name: 'Save term 3' })).toHaveCount(0);
  });
});

test.describe('academics: saved meanwhile and released results', () => {
  test('a cell saved elsewhere meanwhile reloads the grid and names the cell', async ({ page }) => {
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/grades');
    await page.getByLabel('Subject class').selectOption({ label: '8A Afrikaans (Grade 8, 8 learners)' });
    await page.getByLabel('Year').selectOption('2026');
    await page.getByLabel('Term').selectOption('3');
    const first = page.getByRole('rowheader').first();
    await expect(first).toHaveText('Khumalo, Karabo');
    const taskName = (await page.getByRole('columnheader').nth(1).locator('span').first().innerText()).trim();

    // The same cell saved from another tab after this grid was read.
    const classes = await (await page.request.get('/api/school/assessment/subject-classes')).json();
    const afrikaans = classes.subjectClasses.find((c: { title: string }) => c.title === '8A Afrikaans');
    const book = (
      await (
        await page.request.get(`/api/school/assessment/subject-classes/${afrikaans.id}/gradebook?year=2026&term=3`)
      ).json()
    ).gradebook;
    const karabo = book.learners.find((l: { firstName: string }) => l.firstName === 'Karabo');
    const task = book.tasks.find((t: { name: string }) => t.name === taskName);
    const was =
      book.cells.find((c: { learnerId: string; taskId: string }) => c.learnerId === karabo.id && c.taskId === task.id)
        ?.value ?? null;
    const saved = await page.request.put(`/api/school/assessment/subject-classes/${afrikaans.id}/gradebook`, {
      data: { year: 2026, term: 3, cells: [{ learnerId: karabo.id, taskId: task.id, value: 33, was }] },
      headers: fromOurPages(),
    });
    expect(saved.ok()).toBe(true);

    await cell(page, taskName, 'Karabo Khumalo').fill('12');
    await expect(page.getByRole('alert')).toContainText('Someone else saved these marks meanwhile');
    await expect(page.getByRole('alert')).toContainText(`Karabo Khumalo, ${taskName}: now 33`);
    await expect(cell(page, taskName, 'Karabo Khumalo')).toHaveValue('33');
    await expect(page.getByTestId('gradebook-save-state')).toHaveText('Reloaded: someone else saved meanwhile');
  });

  test('the learner and the parent read the released term marks on their dashboards', async ({ page, browser }) => {
    const year = new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', year: 'numeric' }).format(
      new Date(),
    );
    await signIn(page, DEMO.learner, DEMO_PASSWORD);
    await page.goto('/dashboard/student');
    const mine = page.getByRole('region', { name: `Your marks for ${year}` });
    await expect(mine.getByRole('row', { name: /^English/ })).toContainText(/\d+,\d% L\d/);

    const parent = await (await browser.newContext()).newPage();
    await signIn(parent, DEMO.parent, DEMO_PASSWORD);
    await parent.goto('/dashboard/parent');
    const marks = parent.getByRole('region', { name: `Marks for ${year}` });
    await expect(
      marks.getByRole('table', { name: /Kabelo Mokoena/ }).getByRole('row', { name: /^English/ }),
    ).toContainText(/\d+,\d% L\d/);
    // The seed's published term 1 report card downloads as a PDF.
    const download = parent.getByRole('link', {
      name: /Download PDF of the term 1 \d{4} report card of Kabelo Mokoena/,
    });
    const pdf = await parent.request.get((await download.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSeriousA11yViolations(parent);
  });
});
