import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn, uniqueEmail } from '../fixtures/accounts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

/**
 * The school admin's controls that send a request: a keypress on a select, a double click on an
 * import button or a sort on page 2 must each send exactly the one request the admin meant.
 */

/** The page's own PUT and PATCH requests to the API (page.request's are not the page's). */
function savesOf(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (['PUT', 'PATCH'].includes(request.method()) && new URL(request.url()).pathname.startsWith('/api/'))
      saves.push(request);
  });
  return saves;
}

/** A new staff member of the demo school, by the API: this attempt's own, so a retry starts clean. */
async function inviteStaff(page: Page, firstName: string, lastName: string, role: string) {
  const email = uniqueEmail('controls');
  const invited = await page.request.post('/api/school/staff', {
    headers: fromOurPages(),
    data: { firstName, lastName, email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  return { email, name: `${firstName} ${lastName}` };
}

/**
 * A fast double click: both clicks in one task, so the page cannot re-render (and disable the
 * button) between them. Playwright's dblclick() sends them as two round trips to the browser,
 * between which the page may already have re-rendered; a person's double click does not wait.
 */
async function doubleClickAtOnce(button: Locator) {
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
    element.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true, detail: 2 }));
  });
}

test.describe('school controls send one request per intended action', () => {
  test('a role is only changed by Save: the arrow key stages it and focus stays on the select', async ({ page }) => {
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const member = await inviteStaff(page, 'Refilwe', `Roles${tag}`, 'teacher');
    const saves = savesOf(page);

    await page.goto('/dashboard/school/teachers');
    await expect(page.getByRole('heading', { name: 'Teachers and staff', level: 1 })).toBeVisible();
    const row = page.getByTestId('staff-table').getByRole('row').filter({ hasText: member.email });
    const select = row.getByRole('combobox', { name: `Role of ${member.name}`, exact: true });
    const save = row.getByRole('button', { name: `Save role for ${member.name}`, exact: true });
    const cancel = row.getByRole('button', { name: `Cancel role change for ${member.name}`, exact: true });
    const toastText = page.getByText(`${member.name} is now School Staff`);
    await expect(select).toHaveValue('teacher');
    await expect(save).toHaveCount(0);

    // In Chromium the Down arrow on a closed select changes its value: that only stages it.
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('school_staff');
    await expect(save).toBeVisible();
    await expect(cancel).toBeVisible();
    await expect(select).toBeFocused();
    // On a phone the staged role's Save and Cancel are in sight (they were past the screen's edge).
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 740 });
    for (const button of [save, cancel]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(375);
    }
    await page.setViewportSize(viewport);
    await select.focus();
    // Time enough for a request sent on change to show.
    await page.waitForTimeout(500);
    expect(saves).toHaveLength(0);
    await expect(toastText).toHaveCount(0);

    // Cancel puts the saved role back, sends nothing, and returns focus to the select.
    await cancel.click();
    await expect(select).toHaveValue('teacher');
    await expect(save).toHaveCount(0);
    await expect(select).toBeFocused();
    expect(saves).toHaveLength(0);

    // Save sends the one request; focus goes back to the select.
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('school_staff');
    await save.click();
    await expect(toastText).toBeVisible();
    expect(saves).toHaveLength(1);
    expect(new URL(saves[0]!.url()).pathname).toMatch(/^\/api\/school\/staff\/[^/]+\/role$/);
    expect(saves[0]!.postDataJSON()).toEqual({ role: 'school_staff' });
    await expect(save).toHaveCount(0);
    await expect(select).toHaveValue('school_staff');
    await expect(select).toBeFocused();

    await page.reload();
    await expect(select).toHaveValue('school_staff');
  });

  test('a class teacher is only named by Save, and the class is left as it was', async ({ page }) => {
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    const className = '9A';
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    // A teacher of this attempt's own; 9A is not the demo teacher's class (8A), and is put back below.
    const teacher = await inviteStaff(page, 'Themba', `Picker${tag}`, 'teacher');
    const classes = (await (await page.request.get('/api/school/classes')).json()) as {
      classes: { id: string; name: string; teacherId: string | null }[];
    };
    const registerClass = classes.classes.find((c) => c.name === className)!;
    const original = registerClass.teacherId;
    const saves = savesOf(page);

    try {
      await page.goto('/dashboard/school/classes');
      await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
      const select = page.getByRole('combobox', { name: `Class teacher of ${className}`, exact: true });
      const save = page.getByRole('button', { name: `Save class teacher for ${className}`, exact: true });
      const cancel = page.getByRole('button', { name: `Cancel class teacher change for ${className}`, exact: true });
      await expect(select).toBeEnabled();
      await expect(select).toHaveValue(original ?? '');
      await expect(select.locator('option', { hasText: teacher.name })).toHaveCount(1);

      // The arrow key only stages another choice (up when a first attempt left a teacher chosen).
      await select.focus();
      await page.keyboard.press(original ? 'ArrowUp' : 'ArrowDown');
      await expect(select).not.toHaveValue(original ?? '');
      await expect(save).toBeVisible();
      await expect(select).toBeFocused();
      await page.waitForTimeout(500);
      expect(saves).toHaveLength(0);
      await expect(page.getByText(`the class teacher of ${className}`)).toHaveCount(0);

      await cancel.click();
      await expect(select).toHaveValue(original ?? '');
      await expect(save).toHaveCount(0);
      await expect(select).toBeFocused();

      // Save names the chosen teacher with one request; focus goes back to the select.
      await select.selectOption({ label: `${teacher.name} (Teacher)` });
      await expect(save).toBeVisible();
      expect(saves).toHaveLength(0);
      await save.click();
      await expect(page.getByText(`${teacher.name} is now the class teacher of ${className}`)).toBeVisible();
      expect(saves).toHaveLength(1);
      expect(new URL(saves[0]!.url()).pathname).toBe(`/api/school/attendance/classes/${registerClass.id}/teacher`);
      await expect(save).toHaveCount(0);
      await expect(select).toBeFocused();
      await expect(select.locator('option:checked')).toHaveText(`${teacher.name} (Teacher)`);
    } finally {
      // The class's class teacher as it was, whatever happened above.
      const restored = await page.request.put(`/api/school/attendance/classes/${registerClass.id}/teacher`, {
        data: { userId: original },
        headers: fromOurPages(),
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  test('a double click on an import button imports once and reports only the success', async ({ page }) => {
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const imports: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/school/learners/import') {
        if ((request.postDataJSON() as { mode: string }).mode !== 'check') imports.push(request);
      }
    });
    const csvFile = (rows: string[]) => ({
      name: 'learners.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        ['first_name,last_name,date_of_birth,gender,grade,class,admission_number', ...rows].join('\n'),
      ),
    });

    // Two valid rows and a bad one: a person's double click on "Import only the 2 valid rows".
    await page.goto('/dashboard/school/students/import');
    await page
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile([
          `Ayanda,Twice${tag},${birthDateForGrade('9')},female,9,,CTL-${tag}-1`,
          `Bongani,Twice${tag},${birthDateForGrade('9')},male,9,,CTL-${tag}-2`,
          `Chris,Twice${tag},not-a-date,male,9,,CTL-${tag}-3`,
        ]),
      );
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('3 rows: 2 valid, 1 with errors.');
    await page.getByRole('button', { name: 'Import only the 2 valid rows', exact: true }).dblclick();
    await expect(page.getByText('2 learners imported.', { exact: true })).toBeVisible();
    await Promise.all(imports.map((request) => request.response()));
    expect(imports).toHaveLength(1);
    await expect(page.getByText('Nothing was imported')).toHaveCount(0);
    await expect(page.getByText('The file was not imported.')).toHaveCount(0);

    // One valid row, double-clicked faster than the page re-renders: still one import, and the
    // counts read "1 learner".
    imports.length = 0;
    await page.reload();
    await page
      .getByLabel('CSV file')
      .setInputFiles(csvFile([`Dineo,Twice${tag},${birthDateForGrade('9')},female,9,,CTL-${tag}-4`]));
    await expect(report).toContainText('1 row: 1 valid, 0 with errors.');
    const importOne = page.getByRole('button', { name: 'Import 1 learner', exact: true });
    await expect(importOne).toBeEnabled();
    await doubleClickAtOnce(importOne);
    await expect(page.getByText('1 learner imported.', { exact: true })).toBeVisible();
    await Promise.all(imports.map((request) => request.response()));
    expect(imports).toHaveLength(1);
    expect((imports[0]!.postDataJSON() as { mode: string }).mode).toBe('all');
    await expect(page.getByText('Nothing was imported')).toHaveCount(0);
    await expect(page.getByText('The file was not imported.')).toHaveCount(0);
    await expect(report).toContainText('1 row: 1 valid, 0 with errors.');
  });

  test('sorting on page 2 asks for page 1 of the new sort, never the old page’s cursor', async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    // The list's requests and their answers (the demo school's 30 learners fill more than one page of 25).
    const lists: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/school/learners') lists.push(request);
    });
    const bad: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 400) bad.push(`${response.request().method()} ${response.url()}`);
    });

    await page.goto('/dashboard/school/students');
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
    const secondPage = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/school/learners' &&
        new URL(response.url()).searchParams.has('cursor'),
    );
    await page.getByRole('button', { name: 'Next page', exact: true }).click();
    expect((await secondPage).status()).toBe(200);
    await expect(page.getByText('Page 2', { exact: true })).toBeVisible();

    const sorted = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/school/learners' && url.searchParams.get('sort') === 'admissionNumber';
    });
    const before = lists.length;
    await page.getByRole('button', { name: 'Admission no.', exact: true }).click();
    await sorted;
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Learners, sorted by Admission no. ascending' })).toBeVisible();
    // Every list request sent since the click has its answer before the checks.
    await Promise.all(lists.map((request) => request.response()));
    const afterClick = lists.slice(before).map((request) => new URL(request.url()).searchParams);
    expect(afterClick.length).toBeGreaterThan(0);
    for (const params of afterClick) {
      expect(params.get('sort')).toBe('admissionNumber');
      expect(params.has('cursor')).toBe(false);
    }
    expect(bad).toEqual([]);
    await expect(page.getByText('This page of the list is out of date')).toHaveCount(0);
  });
});
