import { expect, test, type Page } from '@playwright/test';
import { SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { formatZarWhole } from '@sekolo/shared/domain/money';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The public site (spec 2.1, 2.4): every public page renders its heading and content, the
 * navigation works with mouse, keyboard and on a phone, unknown paths land on /not-found, and no
 * page has a serious accessibility violation.
 */

interface IPublicPage {
  path: string;
  h1: string | RegExp;
  /** Text that proves the page's real content is there; absent for pages another feature owns. */
  content?: (string | RegExp)[];
}

const PAGES: IPublicPage[] = [
  {
    path: '/',
    h1: 'Run your school, and everything around it, in one place',
    content: ['500+', '10,000+', '1,000+', 'Provinces', 'How it works', 'Try Sekolo free for 14 days'],
  },
  {
    path: '/features',
    h1: 'Everything your school community needs',
    content: ['Events and ticketing', 'Facility rentals'],
  },
  { path: '/pricing', h1: 'Simple, transparent pricing', content: ['Need a custom solution?', 'Commission tiers'] },
  {
    path: '/marketplace',
    h1: 'Everything your school buys, from people you can trust',
    content: ['Educational Resources', 'Uniforms & Clothing'],
  },
  { path: '/contact', h1: /.+/ },
  { path: '/contact-specialists', h1: /.+/ },
  { path: '/demo', h1: /.+/ },
  {
    path: '/application-submitted',
    h1: 'Application submitted',
    content: ['confirmation email', 'Our team reviews your application'],
  },
  { path: '/not-found', h1: 'Page not found' },
  {
    path: '/terms',
    h1: 'Terms and Conditions',
    content: [
      'A 6.8% transaction fee applies to all transactions',
      /weekly to your verified bank account, with a fee of R4 per payout/,
      /immediate payout at any time for a fee of R12/,
      /requires 2 weeks[’'] notice before the next payment/,
      /30 days[’'] notice/,
      /preceding the event/,
      'governed by the laws of South Africa',
    ],
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    content: [
      'POPIA treats everyone under the age of 18 as a child',
      /Children under 13 may use Sekolo only with the consent of a parent or guardian/,
      'We record each guardian consent',
    ],
  },
  { path: '/terms-of-service', h1: 'Terms of Service', content: ['Payments you receive'] },
  { path: '/refunds-returns', h1: 'Refunds & Returns', content: [/not refundable, except as required by law/] },
  { path: '/cookie-policy', h1: 'Cookie Policy', content: ['Session cookie', 'Sidebar state cookie'] },
  { path: '/responsible-disclosure', h1: 'Responsible Disclosure', content: [/security@sekolo\.co\.za/] },
  { path: '/terms-of-use', h1: 'Terms of Use', content: ['What is not allowed'] },
  { path: '/sponsorship-terms', h1: 'Sponsorship Terms', content: ['No access to learners or their information'] },
  { path: '/vouchers-coupons', h1: 'Vouchers & Coupons', content: ['valid for at least three years'] },
  {
    path: '/service-level-agreement',
    h1: 'Service Level Agreement',
    content: [
      'Within 7 business days',
      '99.5%',
      'At least 48 hours',
      '08:00 to 17:00 SAST, Monday to Friday',
      'Within 48 hours',
      '3.5 out of 5',
      'Arbitration under South African law',
    ],
  },
  { path: '/knowledge-base', h1: 'Knowledge Base', content: ['How do I get a parent account?'] },
];

const LEGAL_PATHS = new Set(PAGES.slice(9).map((p) => p.path));

async function expectVisibleText(page: Page, text: string | RegExp) {
  await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
}

for (const publicPage of PAGES) {
  test(`${publicPage.path} shows its heading, content and title, with no serious a11y violation`, async ({ page }) => {
    await page.goto(publicPage.path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    if (typeof publicPage.h1 === 'string') await expect(h1).toHaveText(publicPage.h1);
    for (const text of publicPage.content ?? []) await expectVisibleText(page, text);
    // Pages of other features set their own titles; ours name the page and the site.
    if (typeof publicPage.h1 === 'string') await expect(page).toHaveTitle(/Sekolo/);
    if (LEGAL_PATHS.has(publicPage.path)) {
      await expect(page).toHaveTitle(`${publicPage.h1 as string} | Sekolo`);
      await expect(page.getByRole('main').getByText('Last updated:')).toContainText('1 November 2026');
      const toc = page.getByRole('navigation', { name: 'Contents' });
      const tocLinks = toc.getByRole('link');
      expect(await tocLinks.count()).toBeGreaterThan(2);
      // Every entry of the table of contents points at a section on the page.
      for (const href of await tocLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        await expect(page.locator(href ?? '#missing')).toHaveCount(1);
      }
    }
    // Site chrome on every public page: top bar landmarks, account area, footer with newsletter box.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stay in the loop' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('an anonymous visitor’s console stays clean on the home page and the sign-in page', async ({ page }) => {
  // Chromium logs a failed request (a 401 from a session probe, say) as a console error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const [path, heading] of [
    ['/', PAGES[0]!.h1],
    ['/login', 'Sign in'],
  ] as const) {
    // The page asks who is signed in: nobody, answered without an error status.
    const probe = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const me = await probe;
    expect(me.status()).toBe(200);
    expect(await me.json()).toBeNull();
  }
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('the features and marketplace pages have every anchor of the navigation', async ({ page }) => {
  await page.goto('/features');
  for (const id of [
    'directory',
    'store',
    'events',
    'funding',
    'subscription',
    'applications',
    'extramural',
    'rental',
    'classes',
    'student-management',
    'attendance',
    'finance',
    'reporting',
  ]) {
    await expect(page.locator(`section#${id}`), `#${id}`).toHaveCount(1);
    await expect(page.locator(`section#${id} h3`)).not.toBeEmpty();
  }
  await page.goto('/marketplace');
  for (const id of ['supplies', 'resources', 'technology', 'services']) {
    await expect(page.locator(`section#${id}`), `#${id}`).toHaveCount(1);
  }
  await expect(page.locator('section#services')).toContainText('Transportation');
});

test('pricing shows the nine school packages with their prices, the recommended one, and the fee example', async ({
  page,
}) => {
  await page.goto('/pricing');
  const cards = page.locator('article[data-package]');
  await expect(cards).toHaveCount(9);
  expect(SCHOOL_PACKAGES).toHaveLength(9);
  for (const pkg of SCHOOL_PACKAGES) {
    const card = page.locator(`article[data-package="${pkg.id}"]`);
    await expect(card.getByRole('heading', { name: pkg.name, exact: true })).toBeVisible();
    await expect(card).toContainText(formatZarWhole(pkg.priceCents));
    await expect(card).toContainText(pkg.supportLevel);
    await expect(card.getByText('Recommended', { exact: true })).toHaveCount(pkg.recommended ? 1 : 0);
    await expect(card.getByText('SMS included')).toHaveCount(pkg.includeSMS ? 1 : 0);
  }
  // The figures a reader checks against the spec.
  await expect(page.locator('article[data-package="starter"]')).toContainText('R599');
  await expect(page.locator('article[data-package="enterprise-max"]')).toContainText('R12 999');
  await expect(page.locator('article[data-package="advanced"]')).toContainText('Recommended');

  const example = page.getByRole('region', { name: /Example: a R1 000 school fee/ });
  const exampleRow = (label: string) =>
    example
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: label }) })
      .locator('dd');
  await expect(exampleRow('The parent pays')).toHaveText('R1 068');
  await expect(exampleRow('The school receives')).toHaveText('R950');
  await expect(exampleRow('Platform commission (5%)')).toHaveText('R50');
  await expect(exampleRow('Processing fee (6.8%)')).toHaveText('R68');

  const partners = page.locator('#business-partners');
  await expect(partners.getByRole('row', { name: /Product Vendor/ })).toContainText('R199');
  await expect(partners.getByRole('row', { name: /Tutor/ })).toContainText('R199 per year');
  await expect(partners).toContainText('25%');
  await expect(partners).toContainText('8% commission');
  await expect(page.locator('#free')).toContainText('Charities and young entrepreneurs pay no fees to join');

  await page.getByRole('link', { name: 'Contact our specialists' }).click();
  await expect(page).toHaveURL(/\/contact-specialists$/);
});

test('desktop top bar: links mark the current page, drop-downs work with mouse and keyboard', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

  // Mouse: Solutions opens a menu; choosing an item navigates and closes it.
  const solutions = nav.getByRole('button', { name: 'Solutions' });
  await solutions.click();
  await expect(solutions).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(5);
  await menu.getByRole('menuitem', { name: /For Charities/ }).click();
  await expect(page).toHaveURL(/\/features#funding$/);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Funding and donations', level: 3 })).toBeInViewport();

  // Keyboard: Enter opens, Escape closes and gives focus back to the trigger.
  const marketplace = nav.getByRole('button', { name: 'Marketplace' });
  await marketplace.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(marketplace).toBeFocused();
  // Escape at once after Enter, before focus has moved into the menu, closes it too.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(marketplace).toBeFocused();

  // Keyboard: arrows move through the items, Enter follows one.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: /School Supplies/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /Technology/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/marketplace#technology$/);
  await expect(page.getByRole('heading', { name: 'Technology', level: 2 })).toBeInViewport();
  await expect(marketplace).toHaveAttribute('data-active', 'true');
});

test('mobile: the menu toggle mirrors the top bar and follows a link', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const panelId = await toggle.getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobileNav).toBeVisible();
  expect(await mobileNav.evaluate((el, id) => el.closest(`[id="${id}"]`) !== null, panelId)).toBe(true);
  for (const label of [
    'Home',
    'For Schools',
    'For Young Entrepreneurs',
    'School Supplies',
    'Services',
    'Pricing',
    'Features',
    'Contact',
    'Sign in',
    'Get Started',
  ]) {
    await expect(mobileNav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }

  // Escape closes it and returns focus to the toggle.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(mobileNav).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await mobileNav.getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything your school community needs');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(mobileNav.getByRole('link', { name: 'Features', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);
});

test('an unknown path lands on the not-found page, which links onwards', async ({ page }) => {
  await page.goto('/some/unknown/path');
  await expect(page).toHaveURL(/\/not-found$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Pricing/ })).toHaveAttribute('href', '/pricing');
  await expect(main.getByRole('link', { name: /Contact/ })).toHaveAttribute('href', '/contact');
  await main.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/privacy redirects to the privacy policy', async ({ page }) => {
  await page.goto('/privacy');
  // The redirect runs after the app boots from the SPA fallback and loads the policy's data file.
  await expect(page).toHaveURL(/\/privacy-policy$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});

test('a legal page loaded as a document shows the next legal page’s own text when a footer link is followed', async ({
  page,
}) => {
  await page.goto('/terms-of-service');
  const footer = page.getByRole('contentinfo');
  // The newsletter button is enabled once the app has taken the prerendered page over.
  await expect(footer.getByRole('button', { name: /subscribe/i })).toBeEnabled();
  await footer.getByRole('link', { name: 'Cookie Policy' }).click();
  await expect(page).toHaveURL(/\/cookie-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
  await expect(
    page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Managing cookies' }),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
});

test('footer links open legal pages in the app, and the table of contents jumps to its section', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page).toHaveTitle('Terms of Service | Sekolo');

  await footer.getByRole('link', { name: 'Cookie Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
  await expect(page).toHaveTitle('Cookie Policy | Sekolo');

  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Managing cookies' }).click();
  await expect(page).toHaveURL(/#managing-cookies$/);
  await expect(page.getByRole('heading', { name: /Managing cookies/, level: 2 })).toBeInViewport();

  await expect(footer.getByRole('link', { name: /hello@sekolo\.co\.za/ })).toHaveAttribute(
    'href',
    'mailto:hello@sekolo.co.za',
  );
  await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', /facebook\.com/);
});

test('application submitted: Return to Home goes home', async ({ page }) => {
  await page.goto('/application-submitted');
  await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('application submitted: names the email it was sent to and the school trial from the wizard hand-off', async ({
  page,
}) => {
  await page.goto('/');
  // The wizard navigates here with { userType, email } in history state; a reload keeps that state.
  await page.evaluate(() =>
    window.history.replaceState(
      { usr: { userType: 'school_admin', email: 'thandi@example.co.za' }, key: 'handoff', idx: 0 },
      '',
      '/application-submitted',
    ),
  );
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Application submitted');
  await expect(main.getByText('thandi@example.co.za')).toBeVisible();
  await expect(main).toContainText('Your 14-day free trial starts on the day of approval.');
});

test('every drop-down and footer link leads to a page and section that exist', async ({ page }) => {
  test.setTimeout(120_000); // about 25 page loads
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menuHrefs = await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const footerHrefs = await page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const internal = [...new Set([...menuHrefs, ...footerHrefs].filter((href) => href.startsWith('/')))];
  expect(internal.length).toBeGreaterThan(20);
  for (const href of internal) {
    const [path, hash] = href.split('#');
    // The prerendered HTML already holds the content, so there is no need to wait for scripts.
    await page.goto(href, { waitUntil: 'domcontentloaded' });
    await expect(page, href).not.toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1 }), href).toBeVisible();
    if (hash) await expect(page.locator(`[id="${hash}"]`), href).toHaveCount(1);
    expect(new URL(page.url()).pathname, href).toBe(path);
  }
});
