import { expect, test } from '@playwright/test';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

test.describe('learner import of a large file', () => {
  test('the admin sees the check of a 5 000-row file progress, then its report', async ({ page }) => {
    test.slow(); // 5 000 rows checked on the server
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    const tag = Date.now().toString(36).toUpperCase();
    const born = birthDateForGrade('8', { monthDay: '03-15' });
    const lines = ['first_name,last_name,date_of_birth,gender,grade,admission_number'];
    for (let i = 0; i < 5000; i++) {
      // Every 1 000th row names a day that does not exist.
      lines.push(`Learner${i},Big${tag},${i % 1000 === 999 ? '2013-02-30' : born},female,8,BIG-${tag}-${i}`);
    }
    await page.goto('/dashboard/school/students/import');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'whole-school.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n'), 'utf8'),
    });

    // While the server checks, the screen says how far it has come ("Checked 2 400 of 5 000 rows").
    const bar = page.getByRole('progressbar', { name: 'Checking whole-school.csv' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuetext', /^Checked [\d\u00a0]+ of 5\u00a0000 rows$/);
    await expect(page.getByTestId('import-progress')).toContainText(/Checked [\d\u00a0]+ of 5\u00a0000 rows/);
    await expect(page.getByRole('status').filter({ hasText: 'Checking whole-school.csv' })).toBeAttached();

    const report = page.getByTestId('import-report');
    await expect(report).toContainText('5000 rows: 4995 valid, 5 with errors.', { timeout: 60_000 });
    await expect(bar).toHaveCount(0);
    await expect(report.getByRole('row').filter({ hasText: `BIG-${tag}-999` })).toContainText(
      'This date does not exist',
    );
    await expect(page.getByRole('button', { name: 'Import only the 4995 valid rows' })).toBeVisible();
  });
});
