import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, fillSignIn } from '../fixtures/accounts';

/**
 * The strict Content-Security-Policy (script-src 'self' plus the hashes of each page's own inline
 * scripts, no 'unsafe-inline'): every page still runs its scripts and hydrates, and the browser
 * reports no violation. A blocked inline script would leave a prerendered page dead (no client
 * navigation) and the pages the server renders blank.
 */

/**
 * Collects CSP violations as the page reports them (event) and as Chromium logs them (console).
 * One is expected and left out: zod probes once whether eval is allowed (`Function('')` in a
 * try/catch) and validates without it when it is not; the policy never allows eval.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy') && !text.includes("'unsafe-eval'")) violations.push(text);
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'eval') return;
      void (window as unknown as { reportCspViolation(text: string): Promise<void> }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  return violations;
}

/** A link followed in the running app keeps the window's state: the page hydrated. */
async function expectClientNavigation(page: Page, link: string, heading: string | RegExp) {
  // The prerendered link works before hydration too (as a full load): click once React runs the
  // page. The newsletter box's button is disabled in the HTML and enabled by the hydrated page.
  await expect(page.getByRole('form', { name: 'Newsletter' }).getByRole('button')).toBeEnabled();
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

test('prerendered pages run their inline scripts under the policy and hydrate', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(policy.split(';').find((d) => d.startsWith('script-src'))).not.toContain("'unsafe-inline'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Run your school, and everything around it, in one place',
  );
  await expectClientNavigation(page, 'Pricing', 'Simple, transparent pricing');

  await page.goto('/features');
  await expectClientNavigation(page, 'Home', 'Run your school, and everything around it, in one place');
  expect(violations).toEqual([]);
});

test('the app pages (rendered by the server) run under the policy: sign-in follows a safe redirectTo only', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/console');
  // The server renders the page's shell with its own inline scripts, named by their hashes.
  expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  await page.waitForURL('**/login?redirectTo=%2Fconsole');
  await fillSignIn(page, DEMO.operator, DEMO_PASSWORD);
  await page.waitForURL('**/console');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a redirectTo that leaves the site is not followed after sign-in', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login?redirectTo=/%09/evil.example');
  await fillSignIn(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  expect(violations).toEqual([]);
});

test('a page carries its own routes, and the browser discovers the rest as it follows links', async ({ page, request }) => {
  // The home page's HTML describes the routes it renders, not the dashboards' (lazy route discovery).
  const home = await (await request.get('/')).text();
  expect(home).toContain('"routes/home"');
  expect(home).not.toContain('routes/dashboard-school-finance');
  // Following links still works: the router asks the server for the routes the links lead to.
  const discovered: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/__manifest') discovered.push(r.url());
  });
  await page.goto('/');
  await expectClientNavigation(page, 'Pricing', 'Simple, transparent pricing');
  expect(discovered.length).toBeGreaterThan(0);
});
