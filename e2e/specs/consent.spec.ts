import { expect, test, type Page } from '@playwright/test';
import { fromOurPages } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, fillSignIn, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';

/**
 * A guardian's consent to processing a learner's data. The learners here are the spec's own
 * (grade 11, no register class: no other spec's class list or register sees them).
 */
async function addLearner(page: Page, firstName: string, lastName: string, admissionNumber: string): Promise<string> {
  const res = await page.request.post('/api/school/learners', {
    headers: fromOurPages(),
    data: { firstName, lastName, dateOfBirth: birthDateForGrade('11'), gender: 'female', grade: '11', admissionNumber },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { learner: { id: string } }).learner.id;
}

async function addGuardian(page: Page, learnerId: string, guardian: Record<string, string>) {
  const res = await page.request.post(`/api/school/learners/${learnerId}/guardians`, { headers: fromOurPages(), data: guardian });
  expect(res.status(), await res.text()).toBe(201);
}

async function settled(page: Page) {
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
}

test('a guardian gives consent on the parent dashboard; the school records and withdraws a paper consent', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const surname = `Consent${tag}`;
  const email = uniqueEmail('consent-guardian');
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  const online = await addLearner(page, 'Lesedi', surname, `CNS-${tag}-1`);
  const paper = await addLearner(page, 'Kagiso', surname, `CNS-${tag}-2`);
  await addGuardian(page, online, { firstName: 'Palesa', lastName: surname, email, relation: 'parent' });
  await addGuardian(page, paper, {
    firstName: 'Sello',
    lastName: surname,
    phone: '082 555 7171',
    relation: 'guardian',
  });

  // The learner list flags both as missing consent.
  await page.goto('/dashboard/school/students');
  await page.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill(surname);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row', { name: new RegExp(`${surname}, Lesedi`) })).toContainText('Consent missing');

  // The admin invites the first learner's parent.
  await page.goto(`/dashboard/school/students/${online}`);
  const consent = page.getByRole('region', { name: 'Consent to process data' });
  await expect(consent.getByTestId('consent-status')).toHaveText('Consent missing');
  await expect(consent).toContainText('No consent recorded yet.');
  await page.getByRole('button', { name: 'Invite to Sekolo' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  // The parent chooses a password, signs in, and the dashboard asks for consent first thing.
  const mail = await waitForMail(request, email, (m) => m.tag === 'school-guardian-invitation');
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await parent.goto(linkFrom(mail, '/reset-password'));
  await parent.getByLabel('New password', { exact: true }).fill('consenting-parent-password-7');
  await parent.getByLabel('Confirm new password').fill('consenting-parent-password-7');
  await parent.getByRole('button', { name: 'Set new password' }).click();
  await parent.waitForURL('**/login?reset=true');
  await fillSignIn(parent, email, 'consenting-parent-password-7');
  await expect(parent.getByText('Login successful')).toBeVisible();
  // Signing in after choosing the password lands on the parent dashboard, which asks first.
  await parent.waitForURL('**/dashboard/parent');
  const card = parent.getByTestId('consent-request');
  await expect(card.getByRole('heading', { name: 'Your consent is needed' })).toBeVisible();
  await expect(card.getByRole('link', { name: /privacy policy of 1 November 2026/ })).toHaveAttribute(
    'href',
    '/privacy-policy#children',
  );
  const child = card.getByRole('region', { name: new RegExp(`Lesedi ${surname}`) });
  await expect(child).toContainText(
    `I consent to Demo High School and Sekolo processing Lesedi ${surname}'s personal information`,
  );
  await settled(parent);
  await expectNoSeriousA11yViolations(parent);
  // Not ticked: a clear message, nothing recorded.
  await child.getByRole('button', { name: 'Give consent' }).click();
  await expect(child.getByRole('alert')).toHaveText('Please tick the box to confirm that you give your consent');
  await child.getByLabel(`I have read the privacy policy and I give my consent for Lesedi ${surname}`).check();
  await child.getByRole('button', { name: 'Give consent' }).click();
  await expect(parent.getByText(`Thank you: your consent for Lesedi ${surname} is recorded`)).toBeVisible();
  await expect(child.getByTestId('consent-given')).toHaveText(/^Consent given on \d{1,2} \w+ \d{4}\.$/);
  await expect(child.getByRole('button', { name: 'Withdraw consent' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Consent for your children’s data' })).toBeVisible();
  await parentContext.close();

  // The school sees it given online, by whom.
  await page.reload();
  await expect(consent.getByTestId('consent-status')).toHaveText('Consent given');
  await expect(consent.getByTestId('consent-history')).toContainText(`Palesa ${surname}: given online on`);

  // The second learner's guardian signed a paper form: the admin records it.
  await page.goto(`/dashboard/school/students/${paper}`);
  await expect(consent.getByTestId('consent-status')).toHaveText('Consent missing');
  await consent.getByRole('button', { name: 'Record paper consent' }).click();
  const form = consent.getByRole('form', { name: 'Record paper consent' });
  // The form takes focus where its button was, and gives it back when it closes.
  await expect(form.getByLabel('Parent or guardian who signed')).toBeFocused();
  await form.getByRole('button', { name: 'Save consent' }).click();
  await expect(form.getByText('Please choose the parent or guardian who signed the form')).toBeVisible();
  // The record with its consent section and the form (with its error) open.
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Parent or guardian who signed').selectOption({ label: `Sello ${surname}` });
  await expect(form.getByLabel('Privacy policy version on the form')).toHaveValue('2026-11-01');
  await form.getByRole('button', { name: 'Save consent' }).click();
  await expect(page.getByText('Paper consent recorded')).toBeVisible();
  await expect(consent.getByRole('button', { name: 'Record paper consent' })).toBeFocused();
  await expect(consent.getByTestId('consent-status')).toHaveText('Consent given');
  const history = consent.getByTestId('consent-history');
  await expect(history).toContainText(`Sello ${surname}: signed paper form on`);
  await expect(history).toContainText('Privacy policy of 1 November 2026');
  await expect(history).toContainText('recorded by');

  // The guardian took it back: the admin withdraws it, and the history keeps it.
  await consent.getByRole('button', { name: `Withdraw the consent of Sello ${surname}` }).click();
  await consent.getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(consent.getByTestId('consent-status')).toHaveText('Consent missing');
  await expect(history).toContainText('Withdrawn on');

  // The list shows the outcome of both.
  await page.goto('/dashboard/school/students');
  await page.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill(surname);
  await expect(page.getByRole('row', { name: new RegExp(`${surname}, Lesedi`) })).toContainText('Given');
  await expect(page.getByRole('row', { name: new RegExp(`${surname}, Kagiso`) })).toContainText('Consent missing');
  await page.goto('/dashboard/school');
  await expect(page.getByTestId('overview-without-consent')).toHaveText(/^\d+$/);
});

test('the overview’s “Without guardian consent” opens the list of exactly those learners, filtered by consent', async ({
  page,
}) => {
  test.slow();
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const surname = `Filter${tag}`;
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  // One learner of this spec without consent, one with a signed paper form.
  await addLearner(page, 'Refilwe', surname, `CNF-${tag}-1`);
  const signed = await addLearner(page, 'Tumelo', surname, `CNF-${tag}-2`);
  await addGuardian(page, signed, { firstName: 'Mpho', lastName: surname, phone: '082 555 8181', relation: 'parent' });
  const guardians = await page.request.get(`/api/school/learners/${signed}/guardians`);
  const guardianId = ((await guardians.json()) as { guardians: { id: string }[] }).guardians[0]!.id;
  const recorded = await page.request.post(`/api/school/learners/${signed}/consents`, {
    headers: fromOurPages(),
    data: { guardianId, policyVersion: PRIVACY_POLICY_VERSION, signedOn: todayInSouthAfrica() },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);

  const consentFilter = page.getByRole('combobox', { name: 'Filter by guardian consent' });
  const rows = page.getByRole('table').getByRole('row');
  // Another spec may add a learner meanwhile: the card and the list are read again until they agree.
  await expect(async () => {
    await page.goto('/dashboard/school');
    const card = page.getByTestId('overview-without-consent');
    await expect(card).toHaveText(/^\d+$/);
    const shown = Number(await card.textContent());
    await page.getByRole('link', { name: /Without guardian consent/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/school\/students\?consent=not_given$/);
    await expect(consentFilter).toHaveValue('not_given');
    // Every page of the list, one after the other.
    let listed = 0;
    for (let pageNumber = 1; ; pageNumber++) {
      await expect(page.getByText(`Page ${pageNumber}`, { exact: true })).toBeVisible();
      await settled(page);
      await expect(page.getByRole('table')).not.toHaveClass(/opacity-60/);
      listed += (await rows.count()) - 1; // the header row
      const next = page.getByRole('button', { name: 'Next page' });
      if (await next.isDisabled()) break;
      await next.click();
    }
    expect(listed).toBe(shown);
  }).toPass({ timeout: 60_000 });

  // This spec's learners: the one without consent is listed, the one with it is not.
  const search = page.getByRole('searchbox', { name: 'Search learners by name or admission number' });
  await search.fill(surname);
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(`${surname}, Refilwe`) })).toContainText('Consent missing');
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  // By keyboard: from the status filter to the consent filter, and "given" lists the other one.
  await page.getByRole('combobox', { name: 'Show active or archived learners' }).focus();
  await page.keyboard.press('Tab');
  await expect(consentFilter).toBeFocused();
  await consentFilter.selectOption({ label: 'Consent: given' });
  await expect(page).toHaveURL(/consent=given/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(`${surname}, Tumelo`) })).toContainText('Given');
  await consentFilter.selectOption({ label: 'Consent: any' });
  await expect(page).not.toHaveURL(/consent=/);
  await expect(rows).toHaveCount(3);
});
