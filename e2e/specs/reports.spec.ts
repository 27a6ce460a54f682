import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

test.describe('reports', () => {
  test('the admin reads attendance per grade and class, finds the chronic absentee, and downloads the report', async ({
    page,
  }) => {
    test.slow(); // a sign-in, two reports, a download, axe
    await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
    await page.goto('/dashboard/school');
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

    // The last 30 days of the demo's registers: each grade's rate, each class's, the absentee.
    await expect(page.getByTestId('attendance-report-period')).toContainText('present and late count as attending');
    await expect(page.getByRole('table', { name: 'Attendance rate per grade' }).getByRole('row')).not.toHaveCount(0);
    const classes = page.getByTestId('class-rates');
    await expect(classes.getByRole('rowheader', { name: /8A/ })).toBeVisible();
    const absentees = page.getByTestId('chronic-absentees');
    await expect(absentees.getByText('DHS-0012')).toBeVisible();

    // One grade: the classes and absentees narrow to it, and the choice stays in the address.
    await page.getByLabel('Grade', { exact: true }).selectOption({ label: 'Grade 8' });
    await expect(page).toHaveURL(/grade=8/);
    await expect(classes.getByRole('rowheader')).not.toHaveCount(0);
    for (const name of await classes.getByRole('rowheader').allTextContents()) expect(name).toContain('Grade 8');

    // The report as PDF, for the governing body's meeting.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Report PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^attendance-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
    );

    // Marks: term 1's released marks, each subject class's spread over the levels.
    await page.getByLabel('Grade', { exact: true }).selectOption({ label: 'All grades' });
    await page.getByLabel('Term').selectOption('1');
    const distributions = page.getByTestId('mark-distributions');
    await expect(distributions.getByRole('rowheader', { name: /8A English/ })).toBeVisible();
    await expect(distributions.getByRole('link', { name: 'Mark schedule CSV for 8A English' })).toBeVisible();
    await page.getByLabel('Subject').selectOption({ label: 'English' });
    await expect(distributions.getByRole('rowheader')).not.toHaveCount(0);
    for (const name of await distributions.getByRole('rowheader').allTextContents()) expect(name).toContain('English');
    await expectNoSeriousA11yViolations(page);
  });
});
