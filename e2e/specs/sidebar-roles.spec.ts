import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/**
 * The school sidebar offers each person only the pages they may open (spec 2.4): the demo
 * teacher and the demo learner see their own menus, and every link in them opens its page rather
 * than "You don't have access". Read-only: no data changes.
 */

function schoolNav(page: Page) {
  return page.getByRole('navigation', { name: 'School' });
}

/** Section heading → item labels, in the order the sidebar shows them. */
async function sidebarMenu(page: Page): Promise<Record<string, string[]>> {
  const groups = schoolNav(page).locator('[data-slot="sidebar-group"]');
  const menu: Record<string, string[]> = {};
  for (const group of await groups.all()) {
    const heading = (await group.getByRole('heading').textContent())?.trim() ?? '';
    menu[heading] = (await group.getByRole('link').allTextContents()).map((text) => text.trim());
  }
  return menu;
}

/** Opens every distinct link of the menu from the sidebar and checks its page, not the refusal, appears. */
async function openEveryLink(page: Page) {
  const links = await schoolNav(page)
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute('href') ?? '', label: a.textContent?.trim() ?? '' })),
    );
  const seen = new Set<string>();
  for (const { href, label } of links) {
    if (seen.has(href)) continue;
    seen.add(href);
    await schoolNav(page).locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((url) => url.pathname === href);
    const heading = label === 'Dashboard' ? /^Welcome,/ : label;
    await expect(
      page.locator('#dashboard-content').getByRole('heading', { level: 1, name: heading, exact: true }),
      href,
    ).toBeVisible();
    await expect(page.getByText("You don't have access to this page")).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(href);
  }
  return [...seen];
}

test.describe('the school sidebar per role', () => {
  test('the demo teacher sees the teaching pages, and each opens', async ({ page }) => {
    await signIn(page, DEMO.teacher, DEMO_PASSWORD);
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/teacher');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();

    expect(await sidebarMenu(page)).toEqual({
      Main: ['Dashboard', 'Students', 'Classes', 'Attendance'],
      Academic: ['Classes', 'Timetable', 'Assignments', 'Student Assignments', 'Grades', 'Curriculum', 'Reports'],
      Administration: ['Extramurals', 'Reports'],
    });
    await expect(schoolNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/teacher',
    );
    for (const hidden of ['Teachers', 'Finance', 'Transport', 'Shop', 'Settings']) {
      await expect(schoolNav(page).getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'School Settings' })).toHaveCount(0);

    const opened = await openEveryLink(page);
    expect(opened).toHaveLength(11);
    // The staff page is not theirs: by its address they get the access page, not a false "No teachers yet".
    await page.goto('/dashboard/school/teachers');
    await page.waitForURL('**/unauthorized');
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    // The school's settings are for those holding manage_settings: by their address, the access page.
    await page.goto('/dashboard/school/settings');
    await page.waitForURL('**/unauthorized');
    // Reports are theirs too (view_reports): the school's attendance and marks.
    await page.goto('/dashboard/school/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByTestId('class-rates')).toBeVisible();
  });

  test('the demo learner sees their dashboard, extramurals, assignments, library and events, and each opens', async ({ page }) => {
    await signIn(page, DEMO.learner, DEMO_PASSWORD);
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/student');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();

    expect(await sidebarMenu(page)).toEqual({
      Main: ['Dashboard', 'Extramurals'],
      Academic: ['Student Assignments', 'My Library'],
      Administration: ['Events'],
    });
    await expect(page.getByRole('link', { name: 'School Settings' })).toHaveCount(0);

    // The search looks through the learner's own menu only.
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('student');
    await expect(schoolNav(page).getByRole('link')).toHaveCount(1);
    await expect(schoolNav(page).getByRole('link', { name: 'Student Assignments' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('finance');
    await expect(schoolNav(page).getByText('No menu items match')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('');

    expect(await openEveryLink(page)).toEqual([
      '/dashboard/student',
      '/dashboard/student/extramurals',
      '/dashboard/student/assignments',
      '/dashboard/student/library',
      '/dashboard/school/events',
    ]);
  });
});

test('the demo vendor finds its products on sale under Listings', async ({ page }) => {
  await signIn(page, DEMO.vendor, DEMO_PASSWORD);
  await page.goto('/dashboard/business/listings');
  await expect(page.getByRole('heading', { name: 'Listings', level: 1 })).toBeVisible();
  // It said "No listings yet" while these were on sale (seed-listings.ts).
  const table = page.getByTestId('seller-listings');
  await expect(table.getByRole('row').filter({ hasText: 'Scientific calculator' })).toContainText('Published');
  await expect(table.getByRole('row').filter({ hasText: 'Scientific calculator' })).toContainText('R349,00');
  await expect(page.getByText('No listings yet')).toHaveCount(0);
});

test('the demo school admin’s Settings page leads on to Billing settings', async ({ page }) => {
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' }).click();
  await page.waitForURL('**/dashboard/school/settings/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
});
