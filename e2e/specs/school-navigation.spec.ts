import { expect, test } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * Finding one's way back: the learner list keeps its search, filters and page in the address, so
 * Back from a learner and a reload show the list as it was left; the mobile menu gives the keyboard
 * back to the button that opened it.
 */

test('Back from a learner, and a reload, show the learner list as it was: search, grade and page', async ({ page }) => {
  test.slow(); // an import, two list pages, a learner, Back, two reloads
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const surname = `Smit${tag}`;
  const searched = surname.toLowerCase();
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);

  // This attempt's own learners: 27 in Grade 12, more than a page (LEARNER_PAGE_SIZE_DEFAULT, 25),
  // and one of the same surname in Grade 11 that the grade filter leaves out. Sorted by name, page 2
  // holds Naledi 26 and 27.
  const csv = [
    'first_name,last_name,date_of_birth,gender,grade,admission_number',
    ...Array.from(
      { length: 27 },
      (_, i) =>
        `Naledi ${String(i + 1).padStart(2, '0')},${surname},${birthDateForGrade('12')},female,12,NAV-${tag}-${i + 1}`,
    ),
    `Naledi 00,${surname},${birthDateForGrade('11')},female,11,NAV-${tag}-0`,
  ].join('\n');
  const imported = await page.request.post('/api/school/learners/import', { headers: fromOurPages(), data: { csv, mode: 'all' } });
  expect(imported.ok(), await imported.text()).toBe(true);
  expect(((await imported.json()) as { report: { imported: number } }).report.imported).toBe(28);

  await page.goto('/dashboard/school/students');
  const table = page.getByRole('table');
  const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
  const grade = page.getByRole('combobox', { name: 'Filter by grade' });
  await expect(table).toBeVisible();

  await search.fill(searched);
  // The search reaches the address once typing pauses; only then is it the list's (and page 2 its page 2).
  await expect(page).toHaveURL(new RegExp(`[?&]q=${searched}(&|$)`));
  await expect(table.getByRole('link', { name: `${surname}, Naledi 00` })).toBeVisible();
  await grade.selectOption('12');
  await expect(page).toHaveURL(/[?&]grade=12(&|$)/);
  await expect(table.getByRole('link', { name: `${surname}, Naledi 00` })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(26); // the header and 25 learners
  await page.getByRole('button', { name: 'Next page', exact: true }).click();

  const asLeft = async () => {
    await expect(search).toHaveValue(searched);
    await expect(grade).toHaveValue('12');
    await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
    await expect(table.getByRole('link')).toHaveText([`${surname}, Naledi 26`, `${surname}, Naledi 27`]);
  };
  await asLeft();

  // A learner opened from page 2; Back comes to page 2 of the same search, not the whole school's page 1.
  await table.getByRole('link', { name: `${surname}, Naledi 26` }).click();
  await expect(page.getByLabel('Admission number')).toHaveValue(`NAV-${tag}-26`);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/dashboard/school/students');
  await asLeft();
  // The learner page's own "← Students" link comes back to the same place too.
  await table.getByRole('link', { name: `${surname}, Naledi 27` }).click();
  await expect(page.getByLabel('Admission number')).toHaveValue(`NAV-${tag}-27`);
  await page.getByRole('link', { name: '← Students' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/school/students');
  await asLeft();

  // So does a reload of the address; Previous still finds page 1 from it.
  await page.reload();
  await asLeft();
  await page.getByRole('button', { name: 'Previous page', exact: true }).click();
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(26);
  await expect(table.getByRole('link').first()).toHaveText(`${surname}, Naledi 01`);

  // A cursor the server cannot read (edited by hand, or stale): page 1 of the same search, no error.
  const tampered = new URL(page.url());
  tampered.searchParams.set('cursor', 'not-a-cursor');
  await page.goto(tampered.pathname + tampered.search);
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(table.getByRole('link').first()).toHaveText(`${surname}, Naledi 01`);
  await expect(search).toHaveValue(searched);
  await expect(grade).toHaveValue('12');
  await expect(page.getByText('This page of the list is out of date')).toHaveCount(0);
});

test('a class’s learners open from the Classes page: the list keeps to the class, searched or not', async ({
  page,
}) => {
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/classes');
  const count = page.getByRole('link', { name: /^\d+ learners? in 8B$/ });
  const inClass = Number((await count.innerText()).trim());
  await count.click();
  await page.waitForURL('**/dashboard/school/students?class=*');
  const classFilter = page.getByRole('combobox', { name: 'Filter by class' });
  await expect(classFilter.locator('option:checked')).toHaveText('8B');
  const rows = page.getByRole('table').getByRole('rowgroup').last().getByRole('row');
  await expect(rows).toHaveCount(inClass);
  for (const row of await rows.all()) await expect(row).toContainText('8B');
  // Searched within the class: the demo school's van Wyks of 8B (Lerato and Ruan), not Johan of 10A.
  const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
  await search.fill('wyk');
  await expect(page).toHaveURL(/[?&]q=wyk(&|$)/);
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText('8B');
  // Every class again: Johan van Wyk of 10A too.
  await classFilter.selectOption({ label: 'All classes' });
  await expect(page).not.toHaveURL(/[?&]class=/);
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'van Wyk, Johan' })).toBeVisible();
  // 8B in Grade 9 has no one, and nothing was searched: the list says the filters match no one.
  await search.fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await classFilter.selectOption({ label: '8B' });
  await page.getByRole('combobox', { name: 'Filter by grade' }).selectOption({ label: 'Grade 9' });
  await expect(page.getByTestId('learners-empty')).toHaveText('No learners match these filters');
});

test('a learner clicked while the search still waits opens, on a slow connection too', async ({ page }) => {
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/students');
  await expect(page.getByRole('link', { name: 'Mokoena, Kabelo' })).toBeVisible();
  // The learner page's code takes its time to arrive, as on a phone's connection.
  await page.route('**/assets/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  // Typed, and the learner clicked before the search reached the address (300 ms after typing):
  // the search's own navigation replaced the click's, and the user stayed on the list.
  await page.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill('kabelo');
  await page.getByRole('link', { name: 'Mokoena, Kabelo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kabelo Mokoena' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/school\/students\/[0-9a-f-]{36}$/);
});

test('at 375 px the menu button says whether the menu is open, and closing the menu gives it the keyboard back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school');
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  // includeHidden: while the sheet is open (modal), the page behind it, the button too, is aria-hidden.
  const menuButton = page.getByRole('button', { name: 'Toggle Sidebar', includeHidden: true });
  const sheet = page.getByRole('dialog', { name: 'School menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  // The closed sheet is not in the page: no aria-controls naming nothing.
  await expect(menuButton).not.toHaveAttribute('aria-controls');

  const open = async () => {
    await menuButton.click();
    await expect(sheet).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const id = await sheet.getAttribute('id');
    expect(id).toBeTruthy();
    await expect(menuButton).toHaveAttribute('aria-controls', id!);
  };
  const closedToButton = async () => {
    await expect(sheet).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).not.toHaveAttribute('aria-controls');
  };

  await open();
  await page.keyboard.press('Escape');
  await closedToButton();

  await open();
  await sheet.getByRole('button', { name: 'Close menu' }).click();
  await closedToButton();

  // A link to the page already shown closes the menu and leaves the reader where they were.
  await open();
  await sheet.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await closedToButton();
  expect(new URL(page.url()).pathname).toBe('/dashboard/school');
});

test('at 375 px the learner list’s search hint is read whole, and its page controls fit, “Page 1” on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/students');
  const pages = page.getByRole('navigation', { name: 'Pages of learners' });
  const previous = pages.getByRole('button', { name: 'Previous page' });
  const next = pages.getByRole('button', { name: 'Next page' });
  const label = pages.getByText(/^Page \d+$/);
  // The demo school has more learners than a page holds.
  await expect(next).toBeEnabled();
  await expect(label).toHaveText('Page 1');
  for (const control of [previous, label, next]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(16);
    expect(box.x + box.width).toBeLessThanOrEqual(375 - 16);
  }
  // One line of text-sm (20 px), not two.
  expect((await label.boundingBox())!.height).toBeLessThan(30);
  // The search field's hint is read whole: written into the field (its clear button showing, whose
  // room the empty field keeps too), it fits without scrolling. The old hint was cut off at "numbe".
  const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
  const hint = await search.evaluate((input: HTMLInputElement) => {
    input.value = input.placeholder; // no input event: the list does not search for it
    const fit = { placeholder: input.placeholder, overflow: input.scrollWidth - input.clientWidth };
    input.value = '';
    return fit;
  });
  expect(hint.placeholder).not.toBe('');
  expect(hint.overflow, hint.placeholder).toBeLessThanOrEqual(0);
  await next.click();
  await expect(label).toHaveText('Page 2');
  await expect(previous).toBeEnabled();
});

test('at 375 px each learner in the list is read whole, without scrolling sideways, and a “Sort by” select sorts it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  // A learner without a class, first by surname: its card says "No class" (the table's dash is
  // hidden at this width).
  const tag = Date.now().toString(36).toUpperCase();
  const created = await page.request.post('/api/school/learners', {
    headers: fromOurPages(),
    data: {
      firstName: 'Lindo',
      lastName: `Aaphone${tag}`,
      dateOfBirth: birthDateForGrade('9', { monthDay: '03-03' }),
      gender: 'male',
      grade: '9',
      admissionNumber: `PHONE-${tag}`,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard/school/students');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.first()).toBeVisible();
  // No header row at this width (the select sorts instead): every row is a learner.
  await expect(page.getByRole('columnheader')).toHaveCount(0);
  const names = async () => rows.getByRole('link').allInnerTexts();
  const before = await names();
  expect(before.length).toBeGreaterThan(1);
  await expect(rows.filter({ hasText: `Aaphone${tag}` })).toContainText('No class');

  // Each learner's name, class and consent are on the screen: nothing past its right edge (the
  // Class and Consent columns had been off-screen, with only a cut-off header letter showing).
  const width = await page.evaluate(() => window.innerWidth);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
  for (const row of (await rows.all()).slice(0, 5)) {
    const cells = row.getByRole('cell');
    // As read on the screen (innerText): the desktop's hidden dash is not part of it.
    await expect(cells.nth(3)).toHaveText(/^(Class \S+|No class)$/, { useInnerText: true });
    await expect(cells.nth(5)).toContainText(/Consent (given|missing|outdated)/, { useInnerText: true });
    for (const part of [row.getByRole('link'), cells.nth(3), cells.nth(5)]) {
      await expect(part).toBeVisible();
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    // Its scroll box shows it all, too: the table is not wider than its frame.
    const overflow = await row.evaluate((tr) => {
      const frame = tr.closest('table')!.parentElement!;
      return frame.scrollWidth - frame.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // Sorting on a phone: the select drives the same address as the column headers.
  const sortBy = page.getByLabel('Sort by');
  await expect(sortBy).toHaveValue('0'); // Name, A to Z
  await sortBy.selectOption({ label: 'Name, Z to A' });
  await expect.poll(() => new URL(page.url()).searchParams.get('dir')).toBe('desc');
  await expect(rows.getByRole('link').first()).not.toHaveText(before[0]!);
  const after = await names();
  expect(after[0]!.localeCompare(after[after.length - 1]!)).toBeGreaterThanOrEqual(0);
  // A reload keeps it, and the select says so.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('1');
  await expect(rows.getByRole('link').first()).toHaveText(after[0]!);

  await expectNoSeriousA11yViolations(page);
});
