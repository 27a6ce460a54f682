import { expect, test, type APIRequestContext } from '@playwright/test';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { DEMO, DEMO_PASSWORD, fillSignIn, signIn, uniqueEmail } from '../fixtures/accounts';
import { fromOurPages } from '../fixtures/api';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { approvedSchool, ok } from '../fixtures/schools';

/**
 * One school may not take another school's parent: a second school that invites the address of
 * the demo school's parent only asks, sees nothing of the account meanwhile, and the parent
 * accepts signed in (coming back to the link after signing in), then finds the learner on their
 * dashboard. The parent's page is used at 375 px.
 */

const PASSWORD = 'Guardian-link-e2e-password-7';

// A school's approval, three sign-ins and two mails: a loaded two-core machine needs the room.
test.describe.configure({ timeout: 180_000 });

async function signedInContext(
  newContext: () => Promise<APIRequestContext>,
  baseURL: string,
  email: string,
  password: string,
) {
  const context = await newContext();
  await ok(await context.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL } }));
  return context;
}

test('a second school asks to link the demo school’s parent: nothing of the account shows until they accept', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const newContext = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: fromOurPages(baseURL) });
  const parentEmail = uniqueEmail('link-parent');
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const schoolB = `Baobab College ${tag}`;

  await test.step('the demo school’s parent has an account there, with a password of their own', async () => {
    const demoAdmin = await signedInContext(newContext, baseURL!, DEMO.schoolAdmin, DEMO_PASSWORD);
    const { learners } = await ok(await demoAdmin.get('/api/school/learners?search=DHS-0003'));
    const learnerId = learners[0].id as string;
    const { guardians } = await ok(
      await demoAdmin.post(`/api/school/learners/${learnerId}/guardians`, {
        data: { firstName: 'Palesa', lastName: 'Linked', email: parentEmail, relation: 'parent' },
      }),
      201,
    );
    const guardian = guardians.find((g: { email: string | null }) => g.email === parentEmail);
    await ok(await demoAdmin.post(`/api/school/learners/${learnerId}/guardians/${guardian.id}/invite`));
    await demoAdmin.dispose();
    const invitation = await waitForMail(request, parentEmail, (m) => m.tag === 'school-guardian-invitation');
    const token = new URL(linkFrom(invitation, '/reset-password')).searchParams.get('token');
    await ok(
      await request.post('/api/auth/reset-password', {
        data: { newPassword: PASSWORD, token },
        headers: { origin: baseURL! },
      }),
    );
  });

  const adminEmail = await test.step('another school is approved', () =>
    approvedSchool(newContext, baseURL!, schoolB, PASSWORD));

  const rowOf = () => page.getByTestId('guardian-list').getByRole('listitem').filter({ hasText: parentEmail });
  await test.step('its admin adds a learner and invites a guardian at the parent’s address', async () => {
    await signIn(page, adminEmail, PASSWORD);
    await page.goto('/dashboard/school/students/new');
    await page.getByLabel('First name').fill('Kamohelo');
    await page.getByLabel('Surname').fill('Linked');
    await page.getByLabel('Date of birth').fill(birthDateForGrade('9', { monthDay: '05-11' }));
    await page.getByLabel('Gender').selectOption('male');
    await page.getByLabel('Grade').selectOption('9');
    await page.getByLabel('Admission number').fill(`B-${tag}`);
    await page.getByRole('button', { name: 'Add learner' }).click();
    await page.waitForURL('**/dashboard/school/students');
    await page
      .getByRole('table')
      .getByRole('link', { name: /Kamohelo/ })
      .click();
    await page.getByRole('button', { name: 'Add parent or guardian' }).click();
    await page.getByLabel('Guardian first name').fill('Palesa');
    await page.getByLabel('Guardian surname').fill('Linked');
    await page.getByLabel('Guardian e-mail (optional)').fill(parentEmail);
    await page.getByLabel('Relation to the learner').selectOption('parent');
    await page.getByRole('button', { name: 'Save guardian' }).click();
    await rowOf().getByRole('button', { name: 'Invite to Sekolo' }).click();
    await expect(page.getByText(`Invitation sent to ${parentEmail}`)).toBeVisible();
    // Nothing of the account: no "Has an account", no sign-in address, only the invitation waiting.
    await expect(rowOf()).toContainText('Invitation sent — waiting for them to accept');
    await expect(rowOf()).not.toContainText('Has an account');
    await expect(rowOf()).not.toContainText('Signs in with');
    await expect(rowOf().getByRole('img')).toHaveCount(0);
  });

  const mail = await waitForMail(request, parentEmail, (m) => m.tag === 'school-guardian-link-request');
  expect(mail.subject).toBe(`${schoolB} asks to link your account to Kamohelo`);
  expect(mail.text).not.toContain('created');

  await test.step('the parent opens the link, signs in, comes back to it and accepts (375 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const parent = await context.newPage();
    await parent.goto(linkFrom(mail, '/guardian-link'));
    await parent.waitForURL('**/login**');
    await fillSignIn(parent, parentEmail, PASSWORD);
    await parent.waitForURL('**/guardian-link?token=**');
    await expect(
      parent.getByRole('heading', { name: `${schoolB} asks to link your account to Kamohelo`, level: 1 }),
    ).toBeVisible();
    // The two answers fit the phone's width.
    for (const name of ['Accept', 'Decline']) {
      const box = (await parent.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(parent);
    await parent.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(parent.getByRole('heading', { name: 'Your account is linked' })).toBeVisible();
    await parent.getByRole('link', { name: 'Go to my dashboard' }).click();
    await parent.waitForURL('**/dashboard/parent');
    const children = parent.getByTestId('my-children');
    await expect(children).toContainText('Kamohelo');
    await expect(children).toContainText(schoolB);
    await expect(children).toContainText('Demo High School');
    await context.close();
  });

  await test.step('the school now sees the parent’s account', async () => {
    await page.reload();
    await expect(rowOf()).toContainText('Has an account');
    await expect(rowOf()).not.toContainText('waiting for them to accept');
  });
});
