import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Route } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { birthDateForGrade, HOME_LANGUAGES, LEARNER_GENDERS } from '@sekolo/shared/schemas/school';
import { DEMO, DEMO_PASSWORD, fillSignIn, signIn, uniqueEmail } from '../fixtures/accounts';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

function sidebar(page: Page) {
  return page.locator('aside[data-slot="sidebar"]');
}

function schoolNav(page: Page) {
  return page.getByRole('navigation', { name: 'School' });
}

test.describe('school dashboard (issue 6)', () => {
  test('the demo school admin uses the sidebar: shortcut, collapse, search, cookie', async ({ page, context }) => {
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    for (const section of ['Main', 'Academic', 'Administration']) {
      await expect(schoolNav(page).getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(schoolNav(page).getByRole('link', { name: 'Student Assignments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'School Settings' })).toHaveAttribute('href', '/admin/school-settings');
    const box = await sidebar(page).boundingBox();
    expect(Math.round(box!.width)).toBe(256); // 16rem

    // The overview shows real figures from the seeded school.
    await expect(page.getByTestId('overview-enrolled')).toHaveText(/^\d+/);
    await expect(page.getByTestId('overview-classes')).toHaveText('4');
    // Today's attendance across the school: the rate of the learners marked, and the registers still
    // to mark (none is due on a weekend or in the holidays, and the tests run on any day).
    await expect(page.getByTestId('overview-attendance-rate')).toHaveText(/^(\d{1,3}\.\d%|–)$/);
    await expect(page.getByTestId('overview-registers-missing')).toHaveText(/^([0-4] of 4|0)$/);
    await expect(page.getByRole('link', { name: /Registers not marked/ })).toHaveAttribute(
      'href',
      '/dashboard/school/attendance',
    );

    // Search filters the menu.
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('time');
    await expect(schoolNav(page).getByRole('link')).toHaveCount(1);
    await expect(schoolNav(page).getByRole('link', { name: 'Timetable' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('zzz');
    await expect(schoolNav(page).getByText('No menu items match')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('');

    // Ctrl+B collapses to icons (3rem) with tooltips; the state survives a reload through the cookie.
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => Math.round((await sidebar(page).boundingBox())!.width)).toBe(48);
    await schoolNav(page).getByRole('link', { name: 'Timetable' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Timetable' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    // A keyboard user toggling the sidebar keeps their place: the focused item stays focused.
    await schoolNav(page).getByRole('link', { name: 'Timetable' }).focus();
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect(schoolNav(page).getByRole('link', { name: 'Timetable' })).toBeFocused();
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    await expect(schoolNav(page).getByRole('link', { name: 'Timetable' })).toBeFocused();

    // The timetable opens on the demo school's week (seed-family.ts gives it a bell schedule).
    await schoolNav(page).getByRole('link', { name: 'Timetable' }).click();
    await page.waitForURL('**/dashboard/school/timetable');
    await expect(page.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Weekly timetable', level: 2 })).toBeVisible();
    await expect(schoolNav(page).getByRole('link', { name: 'Timetable' })).toHaveAttribute('aria-current', 'page');

    // The footer user menu.
    await page.getByTestId('sidebar-user-menu').click();
    await expect(page.getByText('My Account')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('below 768 px the sidebar is a sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'School menu' });
    await expect(sheet).toBeVisible();
    expect(Math.round((await sheet.boundingBox())!.width)).toBe(288); // 18rem
    await sheet.getByRole('link', { name: 'Students' }).click();
    await page.waitForURL('**/dashboard/school/students');
    await expect(sheet).toBeHidden();
  });

  test('the admin adds a learner, imports two by CSV and finds them by search', async ({ page }) => {
    test.slow();
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school');
    await schoolNav(page).getByRole('link', { name: 'Students' }).click();
    await page.waitForURL('**/dashboard/school/students');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('Page 1')).toBeVisible();

    // One by one, with the shared schema's messages first.
    await page.getByRole('link', { name: 'Add learner' }).click();
    await page.waitForURL('**/dashboard/school/students/new');
    await page.getByRole('button', { name: 'Add learner' }).click();
    await expect(page.getByText('Please enter the learner’s first name')).toBeVisible();
    // Refused, the form puts the keyboard on the first field to fix.
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('Amahle');
    await page.getByLabel('Surname').fill(`Zwane${tag}`);
    await page.getByLabel('Date of birth').fill(birthDateForGrade('8', { monthDay: '06-14' }));
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Grade').selectOption('8');
    await page.getByLabel('Register class (optional)').selectOption({ label: '8A' });
    await page.getByLabel('Admission number').fill(`E2E-${tag}-1`);
    await page.getByLabel('Identity document').selectOption('sa_id');
    await page.getByLabel('ID number').fill('1206145009081');
    await page.getByRole('button', { name: 'Add learner' }).click();
    await expect(page.getByText('ID number is not valid (check digit does not match)')).toBeVisible();
    await expect(page.getByLabel('ID number')).toBeFocused();
    // What was typed is not lost to a stray tap: leaving asks first, and staying keeps it.
    await page.getByRole('link', { name: '← Students' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText("The learner's details you entered are not saved.");
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await expect(leave).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/dashboard/school/students/new');
    await expect(page.getByLabel('First name')).toHaveValue('Amahle');
    await page.getByLabel('Identity document').selectOption('none');
    await page.getByRole('button', { name: 'Add learner' }).click();
    await page.waitForURL('**/dashboard/school/students');
    await expect(page.getByText(`Amahle Zwane${tag} added`)).toBeVisible();

    // By CSV: the report names the bad row; the admin imports the two valid rows.
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.waitForURL('**/dashboard/school/students/import');
    const csv = [
      'first_name,last_name,date_of_birth,gender,grade,class,admission_number',
      `Bheki,Csv${tag},${birthDateForGrade('9', { monthDay: '02-03' })},male,9,9A,E2E-${tag}-2`,
      `Carla,van der Csv${tag},${birthDateForGrade('9', { monthDay: '05-06' })},female,9,,E2E-${tag}-3`,
      `Dumi,Csv${tag},not-a-date,male,9,,E2E-${tag}-4`,
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'learners.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('3 rows: 2 valid, 1 with errors.');
    await expect(report.getByRole('row').filter({ hasText: `E2E-${tag}-4` })).toContainText(
      'Please enter the date of birth as YYYY-MM-DD',
    );
    // On a phone the problem is in sight without scrolling sideways (it began at 357 px of 375).
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 740 });
    const problem = report.getByText('Please enter the date of birth as YYYY-MM-DD');
    const box = (await problem.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expect(report.getByRole('row').filter({ hasText: 'date_of_birth' })).toContainText(`E2E-${tag}-4`);
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Import only the 2 valid rows' }).click();
    await expect(page.getByText('2 learners imported.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the learner list' }).click();

    // Search by surname (a word inside one too: "van der Csv…"), then by admission number.
    const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
    await search.fill(`csv${tag}`);
    await expect(page.getByRole('link', { name: `Csv${tag}, Bheki` })).toBeVisible();
    await expect(page.getByRole('link', { name: `van der Csv${tag}, Carla` })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await search.fill(`E2E-${tag}-1`);
    await expect(page.getByRole('link', { name: `Zwane${tag}, Amahle` })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

    // The record opens for editing.
    await page.getByRole('link', { name: `Zwane${tag}, Amahle` }).click();
    await expect(page.getByRole('heading', { name: `Amahle Zwane${tag}` })).toBeVisible();
    await expect(page.getByLabel('Admission number')).toHaveValue(`E2E-${tag}-1`);

    // A parent is linked with their relation and who pays.
    await page.getByRole('button', { name: 'Add parent or guardian' }).click();
    await expect(page.getByLabel('Guardian first name')).toBeFocused();
    await page.getByRole('button', { name: 'Save guardian' }).click();
    await expect(page.getByText('Please enter the guardian’s first name')).toBeVisible();
    await expect(page.getByLabel('Guardian first name')).toBeFocused();
    await page.getByLabel('Guardian first name').fill('Nandi');
    await page.getByLabel('Guardian surname').fill(`Zwane${tag}`);
    await page.getByLabel('Relation to the learner').selectOption('parent');
    await page.getByRole('button', { name: 'Save guardian' }).click();
    await expect(page.getByText('Please enter an e-mail address or a phone number')).toBeVisible();
    await expect(page.getByLabel('Guardian e-mail (optional)')).toBeFocused();
    await page.getByLabel('Guardian phone (optional)').fill('+27 82 555 0101');
    await page.getByLabel('Pays the school fees').check();
    await page.getByRole('button', { name: 'Save guardian' }).click();
    const guardians = page.getByTestId('guardian-list');
    await expect(guardians).toContainText(`Nandi Zwane${tag} (Parent)`);
    await expect(guardians).toContainText('082 555 0101');
    await expect(guardians).toContainText('Pays fees');

    // A change the admin chooses to drop: the back button asks, and leaving goes back to the list.
    await page.getByLabel('Preferred name').fill('Ama');
    await page.goBack();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/school/students');
    await expect(leave).toHaveCount(0);
  });

  test('the admin imports an Excel CSV in Windows-1252 with accented names, and exports the filtered list', async ({
    page,
  }) => {
    test.slow(); // two files, two downloads
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const tag = Date.now().toString(36).toUpperCase();
    await page.goto('/dashboard/school/students/import');
    // Excel's "CSV (Comma delimited)": Windows-1252, é, ë and ô one byte each (latin1 writes them so).
    const rows = [
      'first_name,last_name,date_of_birth,gender,grade,class,admission_number',
      `Renée,Gouws${tag},${birthDateForGrade('8', { monthDay: '04-18' })},female,8,,W-${tag}-1`,
      `Zoë,Gouws${tag},${birthDateForGrade('9', { monthDay: '05-18' })},female,9,,W-${tag}-2`,
      `Anél,Gouws${tag},${birthDateForGrade('8', { monthDay: '02-30' })},female,8,,W-${tag}-3`,
    ];
    const file = (lines: string[]) => ({
      name: 'learners.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n'), 'latin1'),
    });
    const report = page.getByTestId('import-report');

    // A file with no valid row: nothing to import, and no offer to import the valid rows.
    await page.getByLabel('CSV file').setInputFiles(file([rows[0]!, rows[3]!]));
    await expect(report).toContainText('1 row: 0 valid, 1 with errors.');
    await expect(report).toContainText('no row of the file is valid');
    await expect(report).not.toContainText('import only the valid rows');
    await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
    // The impossible date is called that, not a date in the wrong form.
    await expect(report.getByRole('row').filter({ hasText: `W-${tag}-3` })).toContainText(
      'This date does not exist: please check the day and the month',
    );

    await page.getByLabel('CSV file').setInputFiles(file(rows));
    await expect(report).toContainText('3 rows: 2 valid, 1 with errors.');
    await expect(report).not.toContainText('\uFFFD');
    await page.getByRole('button', { name: 'Import only the 2 valid rows' }).click();
    await expect(page.getByText('2 learners imported.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the learner list' }).click();

    // The names as written, not "Ren�e".
    await page.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill(`gouws${tag}`);
    await expect(page.getByRole('link', { name: `Gouws${tag}, Renée` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Gouws${tag}, Zoë` })).toBeVisible();

    /** The rows of the file the export button downloads (after its UTF-8 BOM and header). */
    const exported = async (name: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
      const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
      return text.trim().split('\r\n').slice(1);
    };
    // The export holds what the list shows, and the button says how many.
    const searched = await exported('Export 2 learners');
    expect(searched.map((line) => line.split(',').slice(0, 2).join(' ')).sort()).toEqual([
      `Renée Gouws${tag}`,
      `Zoë Gouws${tag}`,
    ]);
    await page.getByLabel('Filter by grade').selectOption('9');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    const grade9 = await exported('Export 1 learner');
    expect(grade9).toHaveLength(1);
    expect(grade9[0]).toContain(`Zoë,Gouws${tag},`);
    expect(grade9[0]).toContain(`,9,,W-${tag}-2,`);
    // A search that finds nobody offers no export (it downloaded a file of only the header row).
    const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
    await search.fill(`nobody${tag}`);
    await expect(page.getByText('No learners match your search')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Export / })).toHaveCount(0);
    // Grade 9 without the search: narrowed still, though more than this page may hold.
    await page.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill('');
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBeGreaterThan(2);
    await expect(page.getByRole('link', { name: /^Export / })).toHaveText(/^Export (\d+ learners?|CSV \(filtered\))$/);
    const allGrade9 = await exported((await page.getByRole('link', { name: /^Export / }).textContent())!.trim());
    expect(allGrade9.length).toBeGreaterThan(1);
    expect(allGrade9.every((line) => line.split(',')[5] === '9')).toBe(true);
    // With no filter the button is the plain export of every active learner.
    await page.getByLabel('Filter by grade').selectOption('');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  });

  test('a teacher reads a learner’s record with labels, and without the ID number', async ({ page }) => {
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard/school/students');
    await page.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill('DHS-0002');
    // The search reaches the list after a pause in typing: one learner left, not two Thandiwes.
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    const read = page.waitForResponse((r) => /\/api\/school\/learners\/[0-9a-f-]{36}$/.test(r.url()));
    await page.getByRole('link', { name: /, Thandiwe$/ }).click();
    const learner = (await (await read).json()).learner;
    expect(learner).not.toHaveProperty('idNumber');
    expect(learner).not.toHaveProperty('idType');
    const details = page.locator('dl');
    // The option lists' labels ("isiZulu"), not the stored ids ("isizulu").
    const gender = LEARNER_GENDERS.find((g) => g.id === learner.gender)!;
    const language = HOME_LANGUAGES.find((l) => l.id === learner.homeLanguage)!;
    expect(language.label).not.toBe(language.id);
    await expect(details.getByText('Gender').locator('xpath=..')).toHaveText(`Gender${gender.label}`);
    await expect(details.getByText('Home language').locator('xpath=..')).toHaveText(`Home language${language.label}`);
    await expect(page.getByText('ID number')).toHaveCount(0);
  });

  test('a learner saved by someone else meanwhile is not overwritten: the admin is told and keeps their change', async ({
    page,
  }) => {
    test.slow(); // two tabs and three saves
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const tag = Date.now().toString(36).toUpperCase();
    const created = await page.request.post('/api/school/learners', {
      headers: fromOurPages(),
      data: {
        firstName: 'Naledi',
        lastName: `Both${tag}`,
        dateOfBirth: birthDateForGrade('7', { monthDay: '02-02' }),
        gender: 'female',
        grade: '7',
        admissionNumber: `BOTH-${tag}`,
      },
    });
    expect(created.status()).toBe(201);
    const url = `/dashboard/school/students/${(await created.json()).learner.id}`;
    // The record is open in two tabs (two secretaries, or one on two devices).
    await page.goto(url);
    await expect(page.getByLabel('Admission number')).toHaveValue(`BOTH-${tag}`);
    const other = await page.context().newPage();
    await other.goto(url);
    await other.getByLabel('Medical notes').fill('Asthma: inhaler in her school bag');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByText('Learner saved')).toBeVisible();
    await other.close();

    // The first tab still shows the record as it was opened: its save would have emptied the notes.
    await page.getByLabel('Home address').fill('12 Long Street, Durban');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The learner was not saved.' });
    await expect(alert).toContainText('Someone else saved this learner after you opened the record.');
    await expect(alert).toContainText('They changed: Medical notes.');
    await expect(page.getByLabel('Medical notes')).toHaveValue('Asthma: inhaler in her school bag');
    await expect(page.getByLabel('Home address')).toHaveValue('12 Long Street, Durban');
    await expectNoSeriousA11yViolations(page);
    // Still unsaved: leaving asks.
    await schoolNav(page).getByRole('link', { name: 'Students' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Learner saved')).toBeVisible();
    // A save the connection drops is not taken for a saved one: leaving still asks.
    await page.getByLabel('Preferred name').fill('Ledi');
    const drop = (route: Route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback());
    await page.route('**/api/school/learners/*', drop);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(alert).toContainText('We could not reach Sekolo. Check your connection and try again.');
    await page.unroute('**/api/school/learners/*', drop);
    await schoolNav(page).getByRole('link', { name: 'Students' }).click();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByText('Learner saved').last()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Preferred name')).toHaveValue('Ledi');
    await expect(page.getByLabel('Medical notes')).toHaveValue('Asthma: inhaler in her school bag');
    await expect(page.getByLabel('Home address')).toHaveValue('12 Long Street, Durban');
  });

  test('the admin edits a guardian, is told of a save made meanwhile, and confirms a removal', async ({ page }) => {
    test.slow(); // two tabs, three saves and a removal
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const tag = Date.now().toString(36).toUpperCase();
    const created = await page.request.post('/api/school/learners', {
      headers: fromOurPages(),
      data: {
        firstName: 'Ayanda',
        lastName: `Kin${tag}`,
        dateOfBirth: birthDateForGrade('7', { monthDay: '04-04' }),
        gender: 'female',
        grade: '7',
        admissionNumber: `KIN-${tag}`,
      },
    });
    expect(created.status()).toBe(201);
    const learnerId = (await created.json()).learner.id;
    const guardianName = `Sipho Kin${tag}`;
    const linked = await page.request.post(`/api/school/learners/${learnerId}/guardians`, {
      headers: fromOurPages(),
      data: { firstName: 'Sipho', lastName: `Kin${tag}`, phone: '082 555 0101', relation: 'parent' },
    });
    expect(linked.status()).toBe(201);
    const url = `/dashboard/school/students/${learnerId}`;
    const list = page.getByTestId('guardian-list');

    // The guardian's edit form is open in this tab; another (a second secretary) saves a new number.
    await page.goto(url);
    await page.getByRole('button', { name: `Edit ${guardianName}` }).click();
    const form = page.getByRole('form', { name: `Edit ${guardianName}` });
    await expect(form.getByLabel('Guardian first name')).toBeFocused();
    await expect(form.getByLabel('Guardian phone (optional)')).toHaveValue('082 555 0101');
    const other = await page.context().newPage();
    await other.goto(url);
    await other.getByRole('button', { name: `Edit ${guardianName}` }).click();
    await other.getByLabel('Guardian phone (optional)').fill('071 000 1111');
    await other.getByRole('button', { name: 'Save guardian' }).click();
    await expect(other.getByText(`${guardianName} saved`)).toBeVisible();
    await expect(other.getByTestId('guardian-list')).toContainText('071 000 1111');
    await other.close();

    // This tab's save, from the guardian as first opened, would have put the old number back.
    await form.getByLabel('Pays the school fees').check();
    await form.getByRole('button', { name: 'Save guardian' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'Someone else saved this parent or guardian after you opened the form.',
    );
    await expect(form.getByRole('alert')).toContainText('They changed: Phone.');
    await expect(form.getByLabel('Guardian phone (optional)')).toHaveValue('071 000 1111');
    await expect(form.getByLabel('Pays the school fees')).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Save guardian' }).click();
    await expect(page.getByText(`${guardianName} saved`)).toBeVisible();
    // Saved, the form closes and focus goes back to the guardian's Edit button.
    await expect(page.getByRole('button', { name: `Edit ${guardianName}` })).toBeFocused();
    await expect(list).toContainText('071 000 1111');
    await expect(list).toContainText('Pays fees');
    await page.reload();
    await expect(list).toContainText('071 000 1111');
    await expect(list).toContainText('Pays fees');

    // An edit left open is not lost to a stray tap: leaving asks, naming what each form would lose.
    await page.getByRole('button', { name: `Edit ${guardianName}` }).click();
    await form.getByLabel('Guardian phone (optional)').fill('071 000 2222');
    await page.getByLabel('Preferred name').fill('Ayo');
    await schoolNav(page).getByRole('link', { name: 'Students' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText(`The changes to ${guardianName} are not saved.`);
    await expect(leave).toContainText("The learner's details you entered are not saved.");
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    // The guardian's form alone holds changes now: leaving still asks, and staying keeps them.
    await page.getByLabel('Preferred name').fill('');
    await schoolNav(page).getByRole('link', { name: 'Students' }).click();
    await expect(leave).toContainText(`The changes to ${guardianName} are not saved.`);
    await expect(leave).not.toContainText("The learner's details");
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe(url);
    await expect(form.getByLabel('Guardian phone (optional)')).toHaveValue('071 000 2222');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: `Edit ${guardianName}` })).toBeFocused();
    await expect(list).toContainText('071 000 1111');

    // Removing asks first; keeping is the safe choice, and focus goes back to the button.
    const remove = page.getByRole('button', { name: `Remove ${guardianName} from this learner` });
    await remove.click();
    const question = page.getByRole('group', { name: `Remove ${guardianName}` });
    await expect(question).toContainText(`Remove ${guardianName} from this learner’s parents and guardians?`);
    await expect(question.getByRole('button', { name: 'Keep' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep' }).click();
    await expect(remove).toBeFocused();
    await expect(list).toContainText(guardianName);
    await remove.click();
    await question.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByText(`${guardianName} removed`)).toBeVisible();
    await expect(page.getByText('No parent or guardian recorded yet.')).toBeVisible();
  });

  test('the school pages have no serious accessibility problems', async ({ page }) => {
    test.slow(); // axe runs on five pages
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    for (const [path, heading] of [
      ['/dashboard/school', /^Welcome,/],
      ['/dashboard/school/students', 'Students'],
      ['/dashboard/school/students/new', 'Add a learner'],
      ['/dashboard/school/students/import', 'Import learners from CSV'],
      ['/dashboard/school/classes', 'Classes'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
      await expectNoSeriousA11yViolations(page);
    }
  });

  test('the admin invites a guardian, corrects the address, and the guardian sets a password and sees only their own child', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    // The first invitation goes to a mistyped address, corrected before the guardian chose a password.
    const typo = uniqueEmail('guardian-typo');
    const email = uniqueEmail('guardian');
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school/students');
    const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
    await search.fill('DHS-0002');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    const child = page.getByRole('table').getByRole('link').first();
    const childName = (await child.textContent())!.split(', ').reverse().join(' ');
    await child.click();
    await page.getByRole('button', { name: 'Add parent or guardian' }).click();
    await page.getByLabel('Guardian first name').fill('Refilwe');
    await page.getByLabel('Guardian surname').fill('Invited');
    await page.getByLabel('Guardian e-mail (optional)').fill(typo);
    await page.getByLabel('Relation to the learner').selectOption('guardian');
    await page.getByRole('button', { name: 'Save guardian' }).click();
    // This guardian's own row (a retry finds the first try's guardian on the same learner).
    const guardians = page.getByTestId('guardian-list').getByRole('listitem');
    const row = guardians.filter({ hasText: typo });
    await expect(row).toContainText('Refilwe Invited (Legal Guardian)');
    await row.getByRole('button', { name: 'Invite to Sekolo' }).click();
    await expect(page.getByText(`Invitation sent to ${typo}`)).toBeVisible();
    // Invited, not on Sekolo until they choose a password: the school can send the link again.
    await expect(row).toContainText('Invited, no password chosen yet');
    await expect(row).not.toContainText('Has an account');
    const invitation = (m: { tag: string | null }) => m.tag === 'school-guardian-invitation';
    const mistyped = await waitForMail(request, typo, invitation);

    // The address corrected: the form says saving it stops the old link, and to invite again.
    await row.getByRole('button', { name: 'Edit Refilwe Invited' }).click();
    const form = page.getByRole('form', { name: 'Edit Refilwe Invited' });
    await expect(form).toContainText(
      `the invitation went to ${typo}. Saving a corrected address here stops that link working`,
    );
    await form.getByLabel('Guardian e-mail (optional)').fill(email);
    await form.getByRole('button', { name: 'Save guardian' }).click();
    await expect(page.getByText('Refilwe Invited saved')).toBeVisible();
    await expect(
      page.getByText(
        `The invitation link sent to ${typo} no longer works. Invite Refilwe again to send one to ${email}.`,
      ),
    ).toBeVisible();
    // The invitation's account moved to the corrected address with the save: still invited, and
    // nothing of it is left at the mistyped one.
    const corrected = guardians.filter({ hasText: email });
    await expect(corrected).toContainText('Invited, no password chosen yet');
    await expect(corrected).not.toContainText(typo);
    // Whoever has the mistyped address finds its link dead already, before the school invites again.
    const typoContext = await browser.newContext();
    const typoOwner = await typoContext.newPage();
    await typoOwner.goto(linkFrom(mistyped, '/reset-password'));
    await expect(typoOwner.getByRole('heading', { name: 'This invitation link does not work' })).toBeVisible();
    await typoContext.close();
    await corrected.getByRole('button', { name: 'Invite again' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(corrected).not.toContainText(typo);
    await expect(corrected).toContainText('Invited, no password chosen yet');

    const mail = await waitForMail(request, email, invitation);
    const guardianContext = await browser.newContext();
    const guardian = await guardianContext.newPage();
    // The mistyped address's link no longer works.
    await guardian.goto(linkFrom(mistyped, '/reset-password'));
    await expect(guardian.getByRole('heading', { name: 'This invitation link does not work' })).toBeVisible();
    await guardian.goto(linkFrom(mail, '/reset-password'));
    // A first password, greeted as one (it read "Choose a new password", "signs you out on every other device").
    await expect(guardian.getByRole('heading', { name: 'Welcome to Sekolo: choose your password' })).toBeVisible();
    await guardian.getByLabel('New password', { exact: true }).fill('guardian-chosen-password-5');
    await guardian.getByLabel('Confirm new password').fill('guardian-chosen-password-5');
    await guardian.getByRole('button', { name: 'Set new password' }).click();
    await expect(guardian.getByText('Password set', { exact: true })).toBeVisible();
    await guardian.waitForURL('**/login?reset=true');
    await fillSignIn(guardian, email, 'guardian-chosen-password-5');
    await expect(guardian.getByText('Login successful')).toBeVisible();
    await guardian.goto('/dashboard');
    await guardian.waitForURL('**/dashboard/parent');
    const children = guardian.getByTestId('my-children');
    await expect(children.getByRole('listitem')).toHaveCount(1);
    await expect(children).toContainText(childName.trim());
    await expect(children).toContainText('Demo High School');
    await guardianContext.close();
    // Their password chosen, the school sees them on Sekolo.
    await page.reload();
    await expect(corrected).toContainText('Has an account');
    await expect(corrected.getByRole('button', { name: 'Invite again' })).toHaveCount(0);
  });

  test('the admin invites a staff member with a role and changes the role', async ({ page }) => {
    const email = uniqueEmail('coach');
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school');
    await schoolNav(page).getByRole('link', { name: 'Teachers' }).click();
    await expect(page.getByRole('heading', { name: 'Teachers and staff', level: 1 })).toBeVisible();
    const table = page.getByTestId('staff-table');
    await expect(table).toContainText(DEMO.teacher);
    const form = page.getByRole('form', { name: 'Invite a staff member' });
    await form.getByLabel('First name').fill('Sizwe');
    await form.getByLabel('Surname').fill('Coach');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Role').selectOption('coach');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    // This attempt's Sizwe Coach, by the unique address: a CI retry adds a second one to the school.
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Invited, no password chosen yet');
    await row.getByRole('button', { name: 'Invite Sizwe Coach again' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
    const role = row.getByLabel('Role of Sizwe Coach');
    await expect(role).toHaveValue('coach');
    // Choosing stages the role; Save changes it.
    await role.selectOption('librarian');
    await table
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('button', { name: 'Save role for Sizwe Coach' })
      .click();
    await expect(page.getByText('Sizwe Coach is now Librarian')).toBeVisible();
    await page.reload();
    await expect(role).toHaveValue('librarian');
  });

  test('the admin is warned before a class teacher’s new role, and removes a staff member from the school', async ({
    page,
  }) => {
    const email = uniqueEmail('leaver');
    const className = `L${Date.now().toString(36).slice(-5)}`;
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school/teachers');
    const form = page.getByRole('form', { name: 'Invite a staff member' });
    await form.getByLabel('First name').fill('Sibusiso');
    await form.getByLabel('Surname').fill('Khoza');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Role').selectOption('teacher');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    // Made class teacher of a class of their own (over the API, as the Classes page does).
    const staff = (await (await page.request.get('/api/school/staff')).json()) as {
      staff: { id: string; email: string }[];
    };
    const userId = staff.staff.find((m) => m.email === email)!.id;
    const created = await page.request.post('/api/school/classes', { headers: fromOurPages(), data: { name: className, grade: '9' } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { class: { id: string } }).class.id;
    expect(
      (await page.request.put(`/api/school/attendance/classes/${id}/teacher`, { headers: fromOurPages(), data: { userId } })).status(),
    ).toBe(200);
    await page.reload();

    const row = page.getByTestId('staff-table').getByRole('row').filter({ hasText: email });
    const role = row.getByLabel('Role of Sibusiso Khoza');
    const saveRole = row.getByRole('button', { name: 'Save role for Sibusiso Khoza' });
    // A role that cannot mark registers: the confirmation says what happens to the class.
    await role.selectOption('driver');
    await saveRole.click();
    const warning = page.getByRole('dialog', { name: 'Change the role of Sibusiso Khoza?' });
    await expect(warning).toContainText(
      `Sibusiso Khoza is class teacher of ${className}. As Driver they can no longer mark its register; ${className} will have no class teacher.`,
    );
    // Cancelled (the button, or Escape), the focus is back on the role, Driver still chosen to Save.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toHaveCount(0);
    await expect(role).toBeFocused();
    await expect(role).toHaveValue('driver');
    await expect(page.getByText('Sibusiso Khoza is now Driver')).toHaveCount(0);
    await saveRole.press('Enter');
    await expect(warning).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(warning).toHaveCount(0);
    await expect(role).toBeFocused();

    // Removing: the dialog names what happens; Cancel returns the focus to its button.
    const removeButton = row.getByRole('button', { name: 'Remove Sibusiso Khoza from school' });
    await removeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Remove Sibusiso Khoza from the school?' });
    await expect(dialog).toContainText('loses access to the school at once and is signed out on every device');
    await expect(dialog).toContainText(`${className} will have no class teacher`);
    await expect(dialog).toContainText('Their invitation link stops working.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(removeButton).toBeFocused();

    // Confirmed, the role changes, the class loses its class teacher and the focus is on the role.
    await saveRole.click();
    await warning.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText(`Sibusiso Khoza is now Driver. ${className} has no class teacher now.`)).toBeVisible();
    await expect(role).toBeFocused();
    await expect(role).toHaveValue('driver');
    await expect(saveRole).toHaveCount(0);

    // Removed, the row goes; the focus moves to a neighbouring row's Remove button (or the heading).
    await removeButton.click();
    await expect(dialog).not.toContainText(className);
    await dialog.getByRole('button', { name: 'Remove from school' }).click();
    await expect(page.getByText('Sibusiso Khoza was removed from the school.')).toBeVisible();
    await expect(page.getByTestId('staff-table')).not.toContainText(email);
    await expect(page.locator(':focus')).toHaveAccessibleName(/^(Remove .+ from school|Teachers and staff)$/);
  });

  test('on a phone the role of a staff member is read whole', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school/teachers');
    const select = page.getByTestId('staff-table').getByRole('combobox').first();
    await expect(select).toBeVisible();
    await select.selectOption('school_shop_manager');
    // The chosen role fits the select (it read "School Sh…").
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(el.options[el.selectedIndex]!.text).width;
      return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= el.clientWidth + 1;
    });
    expect(fits).toBe(true);
  });
});
