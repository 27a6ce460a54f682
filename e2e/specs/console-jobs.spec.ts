import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, fillSignIn } from '../fixtures/accounts';
import { fromOurPages } from '../fixtures/api';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

type TJob = { id: string; state: string; attempts: number; error: string | null };

test.describe('the console of background jobs', () => {
  test('an operator finds a failed job with its error and attempts, retries it, and it runs', async ({
    page,
    request,
  }) => {
    // A job that fails its first run (development tools, on for the e2e server): it ends failed.
    const rehearsal = await request.post('/api/dev/jobs/rehearsal', {
      data: { failRuns: 1 },
      headers: fromOurPages(),
    });
    expect(rehearsal.ok()).toBe(true);
    const { job } = (await rehearsal.json()) as { job: TJob };
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });

    // From the console's first screen to its jobs.
    await page.goto('/console');
    await page.waitForURL('**/login?redirectTo=%2Fconsole');
    await fillSignIn(page, DEMO.operator, DEMO_PASSWORD);
    await page.waitForURL('**/console');
    await page.getByRole('link', { name: /Background jobs/ }).click();
    await page.waitForURL('**/console/jobs');
    await expect(page.getByRole('heading', { name: 'Failed jobs' })).toBeVisible();

    const row = page.getByTestId('failed-job').filter({ hasText: 'Rehearsal (development only)' }).first();
    await expect(row).toContainText('Rehearsal: run 1 fails on purpose');
    await expect(row).toContainText('1 attempt');
    await expect(row).toContainText('dev.rehearsal');
    await expectNoSeriousA11yViolations(page);

    const failedBefore = await page.getByTestId('failed-job').count();
    await row.getByRole('button', { name: /^Retry Rehearsal/ }).click();
    await expect(page.getByText('Queued to run again')).toBeVisible();
    await expect(page.getByTestId('failed-job')).toHaveCount(failedBefore - 1);

    // It ran again, and this time it succeeded.
    await expect
      .poll(async () => {
        const completed = await page.request.get('/api/console/jobs?state=completed');
        const items = ((await completed.json()) as { items: TJob[] }).items;
        return items.find((item) => item.id === job.id)?.attempts ?? 0;
      })
      .toBe(2);
  });

  test('the jobs page and its API are for platform operators only', async ({ page, request }) => {
    expect((await request.get('/api/console/jobs?state=failed')).status()).toBe(401);
    await page.goto('/console/jobs');
    await page.waitForURL('**/login?redirectTo=%2Fconsole%2Fjobs');
    await fillSignIn(page, DEMO.customer, DEMO_PASSWORD);
    await page.waitForURL('**/unauthorized');
    await expect(page.getByRole('heading', { name: 'Failed jobs' })).toHaveCount(0);
    expect((await page.request.get('/api/console/jobs?state=failed')).status()).toBe(403);
  });
});
