import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { fromOurPages } from '../fixtures/api';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { waitForMail } from '../fixtures/outbox';

type TCopy = { barcode: string; status: string };

/**
 * The school library (D25), end to end: the demo librarian opens Library from the sidebar, chooses
 * a learner at the circulation desk, issues a copy by typing its barcode and Enter (as a USB scanner
 * does) with the focus kept for the next scan, then returns it the same way; the morning's overdue
 * reminder job runs and Kabelo's overdue book reaches his parent through the outbox.
 */
test('the librarian issues and returns a copy by barcode, and an overdue reminder reaches the outbox', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.librarian, DEMO_PASSWORD);
  await page.goto('/dashboard/school');
  await page.getByRole('navigation').getByRole('link', { name: 'Library', exact: true }).click();
  await page.waitForURL('**/dashboard/school/library');
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);

  // A copy of Macbeth on the shelf.
  const found = await page.request.get('/api/school/library/titles?q=Macbeth');
  const macbeth = ((await found.json()) as { titles: { id: string }[] }).titles[0]!;
  const detail = await page.request.get(`/api/school/library/titles/${macbeth.id}`);
  const copy = ((await detail.json()) as { copies: TCopy[] }).copies.find((c) => c.status === 'available')!;

  // The borrower: a learner found by admission number.
  await page.getByRole('searchbox', { name: 'Borrower' }).fill('DHS-0010');
  const match = page.getByRole('list', { name: 'Matching borrowers' }).getByRole('button').first();
  await match.click();
  await expect(page.getByText('Issuing to')).toBeVisible();

  const scanBox = page.getByRole('textbox', { name: 'Barcode' });
  await expect(scanBox).toBeFocused();
  await scanBox.pressSequentially(copy.barcode);
  await scanBox.press('Enter');
  const result = page.getByRole('status').filter({ hasText: copy.barcode });
  await expect(result).toContainText(`Issued ${copy.barcode} “Macbeth”`);
  await expect(scanBox).toBeFocused();
  await expect(scanBox).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Current loans' })).toContainText('Macbeth');

  // Back at the desk: Return, and the same scan.
  await page.getByLabel('Return books').check();
  await scanBox.fill(copy.barcode);
  await scanBox.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Returned ${copy.barcode}` })).toBeVisible();
  await expect(scanBox).toBeFocused();

  // The overdue list names Kabelo's book; the morning's reminder job mails his parent.
  await page.getByRole('tab', { name: 'Loans' }).click();
  await expect(page.getByRole('list', { name: 'Loans' })).toContainText('Cry, the Beloved Country');
  const run = await page.request.post('/api/dev/jobs/run', {
    data: { name: 'library.overdue-reminders' },
    headers: fromOurPages(),
  });
  expect(run.ok()).toBe(true);
  expect(((await run.json()) as { job: { state: string } }).job.state).toBe('completed');
  const reminder = await waitForMail(page.request, DEMO.parent, (m) => m.tag === 'library-overdue');
  expect(reminder.subject).toBe('Demo High School library: overdue book “Cry, the Beloved Country”');
  expect(reminder.text).toContain('Kabelo’s library book is overdue');
});
