import { expect, test } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * Messages between the demo parent (Lindiwe Mokoena, Kabelo's mother) and Kabelo's teacher
 * (Pieter van der Merwe), each in their own browser: what one sends appears on the other's open
 * page without a reload (the event stream). Each run writes under a subject of its own.
 */
test.describe('messages', () => {
  test('a parent writes to their child’s teacher, who replies; each sees the other’s message arrive live', async ({
    browser,
  }) => {
    const subject = `Sports day transport ${Date.now().toString(36)}`;
    const parent = await (await browser.newContext()).newPage();
    const teacher = await (await browser.newContext()).newPage();
    await signIn(teacher, DEMO.teacher, DEMO_PASSWORD);
    await teacher.goto('/dashboard/school/messages');
    await expect(teacher.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const teacherList = teacher.getByRole('region', { name: 'Conversations' });
    await expect(teacherList.getByText(subject)).toHaveCount(0);

    await signIn(parent, DEMO.parent, DEMO_PASSWORD);
    await parent.goto('/dashboard/parent/messages');
    await parent.getByRole('button', { name: 'New message' }).click();
    const to = parent.getByLabel('To');
    await expect(to.locator('option', { hasText: 'Pieter van der Merwe' })).toHaveCount(1);
    await expect(to.locator('option', { hasText: 'School office' })).toHaveCount(1);
    await to.selectOption({ label: await to.locator('option', { hasText: 'Pieter van der Merwe' }).innerText() });
    await parent.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
    await parent
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Good day Mr van der Merwe, may Kabelo take the bus home after sports day?');
    await parent.getByRole('button', { name: 'Send' }).click();
    const parentThread = parent.getByRole('log', { name: 'Messages' });
    await expect(parentThread).toContainText('may Kabelo take the bus home');

    // The teacher's open page: the conversation appears, unread, and the top bar counts it.
    const row = teacherList.getByRole('button', { name: new RegExp(subject) });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(teacher.getByTestId('messages-unread')).toBeVisible();
    await row.click();
    const teacherThread = teacher.getByRole('log', { name: 'Messages' });
    await expect(teacherThread).toContainText('may Kabelo take the bus home');
    // Reading it clears the count, and the parent sees "Seen" without reloading.
    await expect(parent.getByTestId('seen-receipt')).toHaveText('Seen', { timeout: 10_000 });

    await teacher.getByLabel('Write a message').fill('Yes, he may. The bus leaves at 13:30 from the main gate.');
    await teacher.getByRole('button', { name: 'Send' }).click();
    await expect(teacherThread).toContainText('The bus leaves at 13:30');
    await expect(parentThread).toContainText('The bus leaves at 13:30', { timeout: 10_000 });
    await expectNoSeriousA11yViolations(parent);
    await parent.context().close();
    await teacher.context().close();
  });

  test('a parent cannot start a conversation with a teacher who does not teach their child', async ({
    page,
    browser,
  }) => {
    // Someone of the school who does not teach Kabelo: the school's administrator.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, DEMO.schoolAdmin, DEMO_PASSWORD);
    const me = (await (await admin.request.get('/api/me')).json()) as { user: { id: string; name: string } };
    await admin.context().close();

    await signIn(page, DEMO.parent, DEMO_PASSWORD);
    await page.goto('/dashboard/parent/messages?new=1');
    const to = page.getByLabel('To');
    await expect(to.locator('option', { hasText: 'Pieter van der Merwe' })).toHaveCount(1);
    await expect(to.locator('option', { hasText: me.user.name })).toHaveCount(0);
    // Asked directly, the server refuses and says why.
    const refused = await page.request.post('/api/messages/conversations', {
      headers: fromOurPages(),
      data: { recipient: { kind: 'user', userId: me.user.id }, subject: 'Hello', body: 'Hello' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'You can only message the teachers of your own children and the school office. Choose someone from the list.',
    );
  });

  test('the messages page works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, DEMO.parent, DEMO_PASSWORD);
    await page.goto('/dashboard/parent/messages');
    const list = page.getByRole('region', { name: 'Conversations' });
    await list.getByRole('button', { name: /Kabelo’s Mathematics project/ }).click();
    await expect(page.getByRole('log', { name: 'Messages' })).toContainText('data-handling project');
    await expect(list).toBeHidden();
    await page.getByRole('button', { name: 'All conversations' }).click();
    await expect(list).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a parent messages the tutor about a paid booking, and the tutor finds it in their inbox', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const note = `Kabelo would like to start with fractions (${Date.now().toString(36)}).`;
    const parent = await (await browser.newContext()).newPage();
    await signIn(parent, DEMO.parent, DEMO_PASSWORD);
    await parent.goto('/dashboard/bookings');
    const booking = parent.getByTestId('my-booking').filter({ hasText: 'BK-DEMO00002' });
    await booking.getByRole('button', { name: /Message the provider/ }).click();
    await parent.waitForURL(/\/dashboard\/parent\/messages\?c=/);
    await parent.getByLabel('Write a message').fill(note);
    await parent.getByRole('button', { name: 'Send' }).click();
    await expect(parent.getByRole('log', { name: 'Messages' })).toContainText(note);

    const tutor = await (await browser.newContext()).newPage();
    await signIn(tutor, DEMO.vendor, DEMO_PASSWORD);
    await tutor.goto('/dashboard/business/bookings');
    await tutor.getByRole('tab', { name: 'List' }).click();
    await tutor
      .getByTestId('provider-booking')
      .filter({ hasText: 'BK-DEMO00002' })
      .getByRole('button', { name: /Message the customer/ })
      .click();
    await tutor.waitForURL(/\/dashboard\/business\/messages\?c=/);
    await expect(tutor.getByRole('log', { name: 'Messages' })).toContainText(note, { timeout: 15_000 });
    await parent.context().close();
    await tutor.context().close();
  });
});
