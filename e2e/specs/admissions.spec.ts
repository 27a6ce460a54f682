import { expect, test, type Page } from '@playwright/test';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { DEMO, DEMO_PASSWORD, fillSignIn, signIn, uniqueEmail } from '../fixtures/accounts';
import { linkFrom, waitForMail } from '../fixtures/outbox';
import { holdNextUpload } from '../fixtures/uploads';

/**
 * Admissions, end to end: a family signs up on the demo school's admissions page, consents,
 * applies for a Grade 8 place with its documents; the school asks for one more document, the
 * family uploads it; the school offers, the family accepts, the school enrols; the learner is in
 * the school's list with the guardian linked, and the guardian signs in as the child's parent.
 * Every name is the run's own, so the spec passes on a retry too.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SCHOOL_PAGE = '/schools/demo-high-school/admissions';

/** Uploads a document and waits until it is on the application (its name a link to the file). */
async function upload(page: Page, label: string, name: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 15_000 });
}

test('a family applies for Grade 8, the school asks for a document, offers and enrols; the parent signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Math.random().toString(36).slice(2, 7);
  const childFirst = `Lerato${run}`;
  const childName = `${childFirst} Maseko`;
  const email = uniqueEmail('admissions-family');
  const password = 'Soweto-Sunrise-2027';

  // The family creates a parent account on the school's page and verifies the address.
  await page.goto(SCHOOL_PAGE);
  // The page is the app's (not prerendered): it starts once the scripts have loaded.
  await expect(page.getByRole('heading', { name: 'Apply to Demo High School' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admission-round').first()).toContainText('Grade 8');
  await page.getByLabel('First name', { exact: true }).fill('Thabo');
  await page.getByLabel('Last name', { exact: true }).fill(`Maseko${run}`);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();
  const verify = await waitForMail(page.request, email, (m) => m.tag === 'auth-verify-email');
  await page.goto(linkFrom(verify, '/api/auth/verify-email'));
  await page.waitForURL(`**${SCHOOL_PAGE}`);
  await page.getByRole('link', { name: 'Sign in to apply' }).click();
  await fillSignIn(page, email, password);
  await page.waitForURL(`**${SCHOOL_PAGE}`);

  // Consent first, then the application.
  await page.getByLabel('Grade applied for').selectOption('8');
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page.getByText('You must agree to the terms')).toBeVisible();
  await page.getByRole('checkbox', { name: /I, Thabo Maseko\w+, am the parent or legal guardian/ }).check();
  await page.getByRole('button', { name: 'Start application' }).click();
  await page.waitForURL('**/dashboard/parent/admissions/*');
  const applicationUrl = page.url();

  await page.getByLabel("Child's first name").fill(childFirst);
  await page.getByLabel("Child's last name").fill('Maseko');
  await page.getByLabel('Date of birth').fill(birthDateForGrade('7', { monthDay: '04-09' }));
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Phone number').fill('083 444 1212');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  // Submitting without the answers and documents names what is missing.
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Complete the highlighted parts of the application before you submit it.')).toBeVisible();
  await page.getByLabel('Does the child have a brother or sister at Demo High School?').selectOption('no');
  await page.getByLabel('Language of learning and teaching').selectOption('English');
  await upload(page, "Learner's birth certificate or ID", 'birth-certificate.pdf');
  await upload(page, 'Proof of residence', 'municipal-account.pdf');
  await upload(page, 'Latest school report', 'term-3-report.pdf');
  // While a document is still uploading (held back here), the application cannot be sent without it.
  const release = await holdNextUpload(page);
  await page
    .getByLabel("Parent or guardian's ID", { exact: true })
    .setInputFiles({ name: 'thabo-id.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('progressbar', { name: 'Uploading thabo-id.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeDisabled();
  release();
  await expect(page.getByRole('link', { name: 'thabo-id.pdf' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Submit application' }).click();
  // Saving the draft, then submitting it with its four documents: a few requests on a busy machine.
  await expect(page.getByText('Your application has been submitted.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admission-status').first()).toHaveText('Submitted');

  // The school finds it and asks for one more document.
  const school = await browser.newContext();
  const admin = await school.newPage();
  await signIn(admin, DEMO.schoolAdmin, DEMO_PASSWORD);
  await admin.goto('/dashboard/school');
  await expect(admin.getByTestId('admissions-link')).toContainText('/schools/demo-high-school/admissions');
  await admin.goto('/dashboard/school/admissions');
  await admin.getByLabel('Search', { exact: true }).fill(childFirst);
  await admin.getByRole('link', { name: childName }).click();
  await expect(admin.getByRole('heading', { name: `${childName}: Grade 8` })).toBeVisible();
  await expect(admin.getByTestId('application-documents')).toContainText('term-3-report.pdf');
  await admin.getByLabel('Document', { exact: true }).fill('Transfer card');
  await admin.getByLabel('Note to the family').fill('Please upload the transfer card from the current school.');
  await admin.getByRole('button', { name: 'Request document' }).click();
  await expect(admin.getByTestId('admission-status').first()).toHaveText('Documents requested');

  // The family uploads it.
  await page.goto(applicationUrl);
  await expect(page.getByTestId('document-request')).toContainText('Please upload the transfer card');
  await page
    .getByLabel('Upload: Transfer card')
    .setInputFiles({ name: 'transfer-card.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('admission-status').first()).toHaveText('Under review', { timeout: 15_000 });
  const requestMail = await waitForMail(page.request, email, (m) => m.subject.includes('documents requested'));
  expect(requestMail.text).toContain('transfer card');

  // The school offers a place; the family accepts.
  await admin.reload();
  await expect(admin.getByTestId('application-documents')).toContainText('transfer-card.pdf');
  await admin.getByRole('button', { name: 'Offer a place' }).click();
  await expect(admin.getByTestId('admission-status').first()).toHaveText('Offered');
  await page.reload();
  await page.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page.getByText('You accepted the offer')).toBeVisible();

  // The school enrols: the learner is in the list, with the guardian linked.
  await admin.reload();
  const admissionNumber = `E2E-${run.toUpperCase()}`;
  await admin.getByLabel('Admission number').fill(admissionNumber);
  await admin.getByRole('button', { name: 'Enrol learner' }).click();
  await expect(admin.getByText(`${childName} is enrolled, with the guardian linked`)).toBeVisible();
  await admin.getByRole('link', { name: "Open the learner's record" }).click();
  const guardians = admin.getByRole('region', { name: 'Parents and guardians' });
  await expect(guardians).toContainText(`Thabo Maseko${run} (Parent)`);
  await expect(guardians).toContainText(email);
  await expect(guardians).toContainText('Has an account');
  // The consent the family gave when applying, not typed again.
  await expect(admin.getByRole('list', { name: 'Consent history' })).toContainText(`Thabo Maseko${run}: given online`);
  await admin.goto('/dashboard/school/students');
  await admin.getByRole('searchbox', { name: 'Search learners by name or admission number' }).fill(admissionNumber);
  await expect(admin.getByRole('link', { name: new RegExp(childFirst) })).toBeVisible();
  await school.close();

  // The guardian signs in again as the child's parent.
  const fresh = await browser.newContext();
  const parent = await fresh.newPage();
  await signIn(parent, email, password);
  await parent.goto('/dashboard/parent');
  await expect(parent.getByText(childName).first()).toBeVisible();
  await expect(parent.getByText('Enrolled').first()).toBeVisible();
  await fresh.close();
});
