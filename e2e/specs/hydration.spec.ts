import { expect, test, type Page } from '@playwright/test';
import { PRERENDERED_PATHS } from '../../apps/web/app/config/prerendered-paths';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/**
 * React hydrates every page the browser opens: the prerendered public pages, the
 * sign-in pages and the dashboards. A page whose HTML and first render differ throws away the
 * markup and logs a hydration error (React's minified error #418 or #423 in production); any error
 * in the console or an uncaught exception fails the page here.
 */

const SIGN_IN_PATHS = ['/login', '/register', '/forgot-password'] as const;

const SCHOOL_ADMIN_PATHS = [
  '/dashboard/school',
  '/dashboard/school/students',
  '/dashboard/school/students/new',
  '/dashboard/school/students/import',
  '/dashboard/school/classes',
  '/dashboard/school/teachers',
  '/dashboard/school/timetable',
  '/dashboard/school/attendance',
  '/dashboard/school/settings/billing',
  '/dashboard/school/finance',
  '/profile',
  '/settings',
] as const;

/** Console errors, React warnings and uncaught exceptions from the moment it is called. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat|react/i.test(text)))
      problems.push(`${new URL(page.url()).pathname}: console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname}: uncaught: ${error.message}`));
  return problems;
}

/** Opens `path` as a document and waits until React has hydrated it and the network is quiet. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  // The newsletter box's button is disabled in the HTML and enabled by the hydrated page.
  await expect(page.getByRole('form', { name: 'Newsletter' }).getByRole('button')).toBeEnabled();
  await page.waitForLoadState('networkidle');
}

test('every public page hydrates without a console error or a hydration warning', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  for (const path of [...PRERENDERED_PATHS, ...SIGN_IN_PATHS]) {
    await openHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('a public page keeps working after hydrating: an in-app link, the menu and the newsletter box', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await openHydrated(page, '/pricing');
  // The prerendered markup is React's own after hydration: a click on a top-bar link navigates in the app.
  const documentRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentRequests.push(request.url());
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Run your school/ })).toBeVisible();
  expect(documentRequests).toEqual([]);
  // The footer's newsletter box validates with the shared schema it loads on focus.
  const newsletter = page.getByRole('form', { name: 'Newsletter' });
  await newsletter.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
  await newsletter.getByRole('button').click();
  await expect(newsletter.getByText(/valid email/i)).toBeVisible();
  expect(problems).toEqual([]);
});

test('every school admin dashboard route hydrates without a console error', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const problems = watchConsole(page);
  await page.goto('/dashboard/school/students');
  const learner = page.getByRole('link', { name: 'Mokoena, Kabelo' });
  await expect(learner).toBeVisible();
  const learnerPath = await learner.getAttribute('href');
  expect(learnerPath).toMatch(/^\/dashboard\/school\/students\/[0-9a-f-]{36}$/);
  for (const path of [...SCHOOL_ADMIN_PATHS, learnerPath!]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(path);
  }
  expect(problems).toEqual([]);
});
