import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { fromOurPages } from '../fixtures/api';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { pdfTexts } from '../fixtures/pdf-text';

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

/** A one-page PDF, as a teacher's worksheet or a learner's answers arrive. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Opens a file link as the signed-in person of `page` (their cookies): the file's first bytes. */
async function openFile(page: Page, link: ReturnType<Page['getByRole']>) {
  const href = await link.getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.status(), href!).toBe(200);
  return (await response.body()).subarray(0, 5).toString();
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
    // The change is kept with who made it and why; one learner's history on its own.
    const history = page.getByRole('region', { name: 'Changes after release' });
    await expect(history).toContainText('Karabo Khumalo · Test 3: 40 → 42');
    await expect(history).toContainText('Reason: Remarked question 4 after moderation.');
    await history.getByLabel('Show the changes of').selectOption({ label: 'Khumalo, Pieter (no changes)' });
    await expect(history).toContainText('No released mark of this learner has been changed.');
    await history.getByLabel('Show the changes of').selectOption({ label: 'Khumalo, Karabo' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
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
    // It counts as a task of Grade 8 English's programme of assessment.
    const task = form.getByLabel('Formal assessment task');
    await expect(task).toBeEnabled();
    await task.selectOption({ index: 1 });
    const taskName = (await task.locator('option:checked').textContent())!
      .replace(/^Term \d: /, '')
      .replace(/ \(\d+ marks\)$/, '');
    await form
      .getByLabel('Attachment (optional)', { exact: true })
      .setInputFiles({ name: 'essay-brief.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByRole('button', { name: 'Remove essay-brief.pdf' })).toBeVisible({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Set assignment' }).click();
    await expect(teacher.getByText('Assignment set for 8A English.')).toBeVisible();
    await expect(teacher.getByRole('link', { name: title })).toBeVisible();
    const listed = teacher.getByRole('listitem').filter({ has: teacher.getByRole('link', { name: title }) });
    await expect(listed).toContainText(`counts as ${taskName}`);
    expect(await openFile(teacher, listed.getByRole('link', { name: 'essay-brief.pdf' }))).toBe('%PDF-');
    await expectNoSeriousA11yViolations(teacher);

    const learner = await (await browser.newContext()).newPage();
    await signIn(learner, DEMO.learner, DEMO_PASSWORD);
    await learner.goto('/dashboard/student/assignments');
    const card = learner.getByRole('article', { name: title });
    await expect(card).toContainText('To do');
    // The learner opens the teacher's attachment, then hands in an answer and a file.
    expect(await openFile(learner, card.getByRole('link', { name: 'essay-brief.pdf' }))).toBe('%PDF-');
    await card.getByLabel('Your answer').fill('Nuclear power gives steady baseload without load-shedding.');
    await card
      .getByLabel('Attach a file (optional)', { exact: true })
      .setInputFiles({ name: 'kabelo-essay.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(card.getByRole('button', { name: 'Remove kabelo-essay.pdf' })).toBeVisible({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Hand in' }).click();
    await expect(card).toContainText('Submitted');
    await expectNoSeriousA11yViolations(learner);

    await teacher.getByRole('link', { name: title }).click();
    await expect(teacher.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(teacher.getByText('Nuclear power gives steady baseload without load-shedding.')).toBeVisible();
    // The teacher opens the learner's file.
    expect(await openFile(teacher, teacher.getByRole('link', { name: 'kabelo-essay.pdf' }))).toBe('%PDF-');
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
    // The parent opens the teacher's attachment too.
    expect(await openFile(parent, child.getByRole('link', { name: 'essay-brief.pdf' }))).toBe('%PDF-');
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

  test('the admin generates and publishes a class’s term 4 report cards; the parent downloads the PDF', async ({
    page,
    browser,
  }) => {
    const year = new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', year: 'numeric' }).format(
      new Date(),
    );
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const classes = (await (await page.request.get('/api/school/classes')).json()).classes as {
      id: string;
      name: string;
    }[];
    const c8A = classes.find((c) => c.name === '8A')!;
    await page.goto(`/dashboard/school/report-cards?year=${year}&term=4&class=${c8A.id}`);
    await expect(page.getByRole('heading', { name: 'Report cards', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Generate 8A’s report cards' }).click();
    await expect(page.getByTestId('report-cards-notice')).toHaveText(/\d+ report cards of 8A are ready\./);
    // The year-end decisions of the seed: one learner progressed by the class teacher, with the reason.
    await expect(page.getByRole('heading', { name: 'Year-end decisions: 8A' })).toBeVisible();
    await expect(page.getByText(/Decided: Progressed/).first()).toBeVisible();

    // The class as a ZIP of one PDF per learner.
    await page.getByRole('radio', { name: 'A ZIP of one PDF per learner' }).check();
    const zipHref = await page.getByRole('link', { name: 'Download 8A’s report cards' }).getAttribute('href');
    const zip = await page.request.get(zipHref!);
    expect(zip.headers()['content-type']).toBe('application/zip');
    expect((await zip.body()).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('button', { name: 'Publish 8A’s report cards to guardians' }).click();
    await expect(page.getByTestId('report-cards-notice')).toHaveText(/Published \d+ report cards/);
    await expectNoSeriousA11yViolations(page);

    const parent = await (await browser.newContext()).newPage();
    await signIn(parent, DEMO.parent, DEMO_PASSWORD);
    await parent.goto('/dashboard/parent');
    const download = parent.getByRole('link', {
      name: `Download PDF of the term 4 ${year} report card of Kabelo Mokoena`,
    });
    const pdf = await parent.request.get((await download.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const texts = pdfTexts(await pdf.body());
    expect(texts).toEqual(
      expect.arrayContaining([`Report card: Term 4 of ${year}`, 'Kabelo Mokoena', 'Year mark', 'Year-end decision']),
    );
  });
});

test.describe('academics: year-end decisions by the class teacher', () => {
  test('the class teacher of 8A overrides a suggested decision with a reason from the Grades page, then restores it', async ({
    page,
  }) => {
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/grades');
    await page.getByRole('link', { name: 'Year-end decisions' }).click();
    await expect(page.getByRole('heading', { name: 'Year-end decisions', level: 1 })).toBeVisible();
    await page.getByLabel('Year', { exact: true }).selectOption('2026');
    await expect(page.getByRole('heading', { name: 'Year-end decisions: 8A' })).toBeVisible();

    // A learner the seed did not progress: their suggested decision, overridden with a reason.
    const row = page
      .getByRole('listitem')
      .filter({ hasText: 'Suggested:' })
      .filter({ hasNot: page.getByText(/Decided: Progressed/) })
      .first();
    const suggested = (await row.locator('strong').first().textContent())!.trim();
    const override = suggested === 'Condoned' ? 'Promoted' : 'Condoned';
    const learner = (await row.locator('p').first().textContent())!.trim();
    const decision = row.getByRole('combobox', { name: `Decision for ${learner}` });
    await decision.selectOption({ label: override });
    const reason = row.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toHaveAttribute('required', '');
    await reason.fill('Moderated at the phase meeting: the June examination was written under illness.');
    await row.getByRole('button', { name: /^Save/ }).click();
    const decided = page.getByRole('listitem').filter({ has: page.getByText(learner, { exact: true }) });
    await expect(decided).toContainText(`Decided: ${override} by`);
    await expectNoSeriousA11yViolations(page);

    // Kept: the page read again shows the decision and its reason.
    await page.reload();
    await expect(decided).toContainText(`Decided: ${override} by`);
    await expect(decided.getByRole('textbox', { name: 'Reason' })).toHaveValue(/phase meeting/);

    // The suggested decision again needs no reason.
    await decided.getByRole('combobox', { name: /^Decision for / }).selectOption({ label: suggested });
    await decided.getByRole('textbox', { name: /^Reason/ }).fill('');
    await decided.getByRole('button', { name: /^Save/ }).click();
    await expect(decided).toContainText(`Decided: ${suggested} by`);
  });
});
