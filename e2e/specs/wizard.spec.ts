import { expect, test, type Page } from '@playwright/test';
import { finishSignUp, uniqueEmail } from '../fixtures/accounts';
import { holdNextUpload } from '../fixtures/uploads';

/**
 * The registration wizard: a customer completes the
 * two profile steps on the dashboard; a young entrepreneur goes from /register through five steps,
 * with a reload in the middle that loses nothing, and submits without paying; a school fills
 * its information (reloading half-way through the step keeps its typed values and uploads), chooses
 * a package, accepts the terms and is handed to /subscription-checkout, then pays in the sandbox and
 * reaches /application-submitted.
 */

const PASSWORD = 'Wizard-e2e-password-42';
/** A valid South African ID number (1 January 1980, citizen, Luhn check digit 7). */
const SA_ID = '8001015009087';

test.describe.configure({ timeout: 150_000 });

// A 1×1 PNG and a one-page PDF, recognised by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const counter = (page: Page) => page.getByTestId('wizard-step-counter');
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('registrationData') ?? 'null'));

async function register(page: Page, role: RegExp, email: string, firstName: string, lastName: string) {
  await page.goto('/register');
  await page.getByRole('radio', { name: role }).check();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
}

async function upload(page: Page, label: string, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType, buffer });
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible({ timeout: 15_000 });
}

async function acceptTerms(page: Page) {
  await page.getByLabel(/I have read and accept the Terms of Service/).check();
  await page.getByLabel(/I have read and accept the Privacy Policy/).check();
}

test('a customer completes the two profile steps on the dashboard, with a reload in between', async ({ page }) => {
  const email = uniqueEmail('wizard-customer');
  await register(page, /Customer/, email, 'Lerato', 'Mokoena');
  await page.getByLabel(/I accept the Terms of Service/).check();
  await page.getByLabel(/I accept the Privacy Policy/).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await finishSignUp(page, email, PASSWORD);
  await page.waitForURL('**/dashboard/customer');

  // The dashboard opens the two customer steps once.
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expect(counter(page)).toHaveText('Step 1 of 2');
  await expect(page.getByRole('heading', { name: 'Additional Information' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '1');

  // Spec 5: validates on change; the button stays disabled until the form is valid.
  const displayName = page.getByLabel('Display name');
  await displayName.fill('L');
  await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Phone number').fill('082 123');
  await expect(page.getByText('Phone number must be at least 10 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await displayName.fill('Lerato M');
  await page.getByLabel('Phone number').fill('082 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 1 of 2 completed successfully.')).toBeVisible();
  await expect(counter(page)).toHaveText('Step 2 of 2');

  // A reload keeps the step and what was entered (local storage, never the password).
  await page.reload();
  await expect(counter(page)).toHaveText('Step 2 of 2');
  const data = await stored(page);
  expect(data).toMatchObject({
    userType: 'customer',
    currentStep: 2,
    stepData: { 1: { displayName: 'Lerato M', phoneNumber: '082 123 4567' } },
  });
  expect(JSON.stringify(data)).not.toContain(PASSWORD);

  await page.getByRole('button', { name: 'Previous Step' }).click();
  await expect(page.getByLabel('Display name')).toHaveValue('Lerato M');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: two scrollable texts, two boxes, 'Complete Registration' disabled until both are ticked.
  await expect(page.getByRole('region', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Privacy Policy' })).toBeVisible();
  const complete = page.getByRole('button', { name: 'Complete Registration' });
  await expect(complete).toBeDisabled();
  await acceptTerms(page);
  await complete.click();
  await expect(page.getByText('Registration Complete')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toHaveCount(0);
  expect(await stored(page)).toBeNull();

  // Once: the steps do not open again.
  await page.reload();
  await expect(page.getByText('You have no orders yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toHaveCount(0);
});

test('a young entrepreneur completes five steps from /register, survives a reload, and submits without paying', async ({
  page,
}) => {
  const email = uniqueEmail('wizard-young');
  await register(page, /Young Entrepreneur/, email, 'Naledi', 'Dlamini');
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await finishSignUp(page, email, PASSWORD);
  await page.waitForURL('**/registration-steps');

  // Step 1, Shop Information.
  await expect(counter(page)).toHaveText('Step 1 of 5');
  await expect(page.getByRole('button', { name: 'Back to Registration' })).toBeVisible();
  await page.getByLabel('Shop name').fill('Bead Bazaar');
  await page.getByLabel('Shop description').fill('Beads');
  await expect(page.getByText('Please provide a description of at least 10 characters')).toBeVisible();
  await page.getByLabel('Shop description').fill('Handmade bead jewellery and keyrings');
  await page.getByLabel('Shop category').selectOption({ label: 'Crafts & Handmade' });
  await page.getByRole('button', { name: 'Continue to Personal Information' }).click();
  await expect(page.getByText('Step 1 of 5 completed successfully.')).toBeVisible();

  // Step 2, Personal Information with the School Information block.
  await expect(counter(page)).toHaveText('Step 2 of 5');
  await expect(page.getByRole('button', { name: 'Previous Step' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Naledi');
  await page.getByLabel('Date of birth').fill('2011-03-14');
  await page.getByLabel('Phone number').fill('0721234567');
  await page.getByLabel('School name').fill('Soweto High School');
  await expect(page.getByLabel('Grade').locator('option')).toHaveText([
    'Select your grade',
    ...Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`),
  ]);
  await page.getByLabel('Grade').selectOption({ label: 'Grade 9' });
  await page.getByRole('button', { name: 'Continue to Guardian Information' }).click();
  await expect(counter(page)).toHaveText('Step 3 of 5');

  // Reload in the middle: nothing is lost (local storage and the server draft).
  await page.reload();
  await expect(counter(page)).toHaveText('Step 3 of 5');
  const draft = await page.request.get('/api/applications/me');
  expect((await draft.json()).application).toMatchObject({
    currentStep: 3,
    stepData: { 1: { shopName: 'Bead Bazaar' }, 2: { grade: '9' } },
  });
  await page.getByRole('button', { name: 'Previous Step' }).click();
  await expect(page.getByLabel('School name')).toHaveValue('Soweto High School');
  await expect(page.getByLabel('Grade')).toHaveValue('9');
  await page.getByRole('button', { name: 'Continue to Guardian Information' }).click();
  await expect(counter(page)).toHaveText('Step 3 of 5');

  // Step 3, Guardian Information: the consent form is a real PDF; the SA ID number is checked.
  const link = page.getByRole('link', { name: 'Download consent form (PDF)' });
  const href = await link.getAttribute('href');
  expect(href).toBe('/documents/guardian-consent-form.pdf');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByLabel('Relation to you').selectOption({ label: 'Legal Guardian' });
  await page.getByLabel('First name').fill('Thabo');
  await page.getByLabel('Last name').fill('Dlamini');
  await page.getByLabel('South African ID number').fill('8001015009088');
  await expect(page.getByText('ID number is not valid (check digit does not match)')).toBeVisible();
  await page.getByLabel('South African ID number').fill(SA_ID);
  await page.getByLabel('Residential address').fill('4 Vilakazi Street, Orlando West, Soweto, 1804');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('guardian'));
  await page.getByLabel('Phone number').fill('0831234567');
  const consent = page.getByLabel(/I, Thabo Dlamini, am the parent or legal guardian of Naledi Dlamini/);
  await expect(consent).toBeVisible();
  await consent.check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4, Document Upload: 'Upload Required Documents' until the required ones are in.
  await expect(counter(page)).toHaveText('Step 4 of 5');
  await page.getByRole('button', { name: 'Upload Required Documents' }).click();
  await expect(page.getByText('Please upload all required documents before continuing.')).toBeVisible();
  await upload(page, 'ID Document / Passport', 'id.pdf', 'application/pdf', PDF);
  await upload(page, 'Proof of Residence', 'residence.pdf', 'application/pdf', PDF);
  await upload(page, 'Business Registration Document', 'business.pdf', 'application/pdf', PDF);
  await expect(page.getByRole('button', { name: 'Upload Required Documents' })).toBeVisible();
  await upload(page, 'Signed Guardian Consent Form', 'consent.pdf', 'application/pdf', PDF);
  // Continue while an optional document is still uploading (held back here) waits for it.
  const release = await holdNextUpload(page);
  await page
    .getByLabel('Bank Statement (optional)', { exact: true })
    .setInputFiles({ name: 'bank.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Please wait until the file has finished uploading, then try again.')).toBeVisible();
  await expect(counter(page)).toHaveText('Step 4 of 5');
  release();
  await expect(page.getByRole('button', { name: 'Remove bank.pdf' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Please wait until the file has finished uploading')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 5, Terms & Conditions, no checkout; the application is submitted directly.
  await expect(counter(page)).toHaveText('Step 5 of 5');
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeDisabled();
  await acceptTerms(page);
  await submit.click();
  await expect(page.getByText('Registration Complete')).toBeVisible();
  await page.waitForURL('**/application-submitted');
  await expect(page.getByRole('main').locator('strong', { hasText: email })).toBeVisible();
  expect(await stored(page)).toBeNull();
  const submitted = await page.request.get('/api/applications/me');
  expect((await submitted.json()).application).toMatchObject({ status: 'submitted', userType: 'young_entrepreneur' });
});

test('a school fills in its information, chooses a package, accepts the terms and is handed to the checkout', async ({
  page,
}) => {
  const email = uniqueEmail('wizard-school');
  await register(page, /School Admin/, email, 'Thandi', 'Nkosi');
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await finishSignUp(page, email, PASSWORD);
  await page.waitForURL('**/registration-steps');
  await expect(counter(page)).toHaveText('Step 1 of 5');

  // 'Back to Registration' returns to /register with what was entered (never the password).
  await page.getByRole('button', { name: 'Back to Registration' }).click();
  await page.waitForURL('**/register');
  await expect(page.getByLabel('First name')).toHaveValue('Thandi');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByRole('link', { name: 'Continue your application' }).click();
  await expect(counter(page)).toHaveText('Step 1 of 5');

  // Spec 2.2: stored data that cannot be read sends the user to /register.
  await page.evaluate(() => window.localStorage.setItem('registrationData', '{not json'));
  await page.reload();
  await page.waitForURL('**/register');
  await expect.poll(() => stored(page)).toBeNull();
  await page.goto('/registration-steps');
  await expect(counter(page)).toHaveText('Step 1 of 5');

  // Step 1: the spec's messages on submit.
  await page.getByRole('button', { name: 'Continue to Package Selection' }).click();
  for (const message of [
    'Registered name is required',
    'Registration number is required',
    'School type is required',
    'Street address is required',
    'Suburb is required',
    'Town/City is required',
    'Postal code is required',
    'Province/State is required',
    'Display name is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('This file is required').first()).toBeVisible();

  await page.getByLabel('Registered name').fill('Sunrise Primary School');
  await page.getByLabel('Registration number').fill('EMIS 700123456');
  await page.getByLabel('School type').selectOption({ label: 'Primary School' });
  await upload(page, 'School logo', 'logo.png', 'image/png', PNG);
  await upload(page, 'Registration Certificate', 'certificate.pdf', 'application/pdf', PDF);

  // Reload in the middle of the step: what was typed and the uploaded files are still there (the
  // server's draft of the unfinished step, saved on blur and right after each upload), not only in
  // this browser's storage; then the step goes on as before.
  const tagSaved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/applications/me/drafts/1') &&
      response.request().method() === 'PUT' &&
      (response.request().postData() ?? '').includes('Excellence in every learner'),
  );
  await page.getByLabel('Tag line').fill('Excellence in every learner');
  await page.getByLabel('Tag line').blur();
  expect((await tagSaved).status()).toBe(200);
  await page.reload();
  await expect(counter(page)).toHaveText('Step 1 of 5');
  await expect(page.getByLabel('Registered name')).toHaveValue('Sunrise Primary School');
  await expect(page.getByLabel('Registration number')).toHaveValue('EMIS 700123456');
  await expect(page.getByLabel('School type')).toHaveValue('primary');
  await expect(page.getByLabel('Tag line')).toHaveValue('Excellence in every learner');
  const uploaded = page.getByTestId('file-upload-done');
  await expect(uploaded).toHaveCount(2);
  // A logo is kept re-encoded as WebP (resized, without metadata): its size is the stored picture's.
  await expect(uploaded.filter({ hasText: 'logo.png' })).toContainText(/^logo\.png\d+ B · Uploaded$/);
  await expect(uploaded.filter({ hasText: 'certificate.pdf' })).toContainText(`${PDF.length} B · Uploaded`);
  expect(JSON.stringify(await stored(page))).not.toContain('certificate.pdf');
  // The draft is the applicant's own, on the server.
  const draftNow = (await (await page.request.get('/api/applications/me')).json()).application;
  expect(draftNow).toMatchObject({
    currentStep: 1,
    stepData: {},
    stepDrafts: { 1: { registeredName: 'Sunrise Primary School', logoFile: { name: 'logo.png' } } },
  });
  // A restored file can be removed: it goes from the draft and from the server, and another takes its place.
  const certificateId: string = draftNow.stepDrafts['1'].documentFiles.registrationCertificate.id;
  await page.getByRole('button', { name: 'Remove certificate.pdf' }).click();
  await expect(uploaded).toHaveCount(1);
  await expect.poll(async () => (await page.request.get(`/api/uploads/${certificateId}`)).status()).toBe(404);

  // The province list follows the country.
  await page.getByLabel('Country').selectOption({ label: 'Namibia' });
  await expect(page.getByLabel('Region')).toBeVisible();
  await expect(page.getByLabel('Region').locator('option')).toHaveCount(15);
  await page.getByLabel('Country').selectOption({ label: 'South Africa' });
  await page.getByLabel('Province', { exact: true }).selectOption({ label: 'Gauteng' });
  await page.getByLabel('Street address').fill('12 Church Street');
  await page.getByLabel('Suburb').fill('Arcadia');
  await page.getByLabel('Town/City').fill('Pretoria');
  await page.getByLabel('Postal code').fill('0083');

  // Banking: the universal branch code is filled in; 'Other' reveals the bank name, cleared on another choice.
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'FNB' });
  await expect(page.getByLabel('Branch code')).toHaveValue('250655');
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Other' });
  await page.getByLabel('Bank name').fill('Ubank');
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Capitec' });
  await expect(page.getByLabel('Bank name')).toHaveCount(0);
  await expect(page.getByLabel('Branch code')).toHaveValue('470010');
  await page.getByLabel('Account name').fill('Sunrise Primary School');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByLabel('SWIFT code').fill('CABLZAJJ');
  await page.getByLabel('Account type').selectOption({ label: 'Current / Cheque' });

  await page.getByLabel('Display name').fill('Sunrise Primary');
  await upload(page, 'Registration Certificate', 'certificate-2.pdf', 'application/pdf', PDF);
  await upload(page, 'Proof of Address', 'address.pdf', 'application/pdf', PDF);
  await upload(page, 'Proof of Banking (bank letter or statement)', 'bank.pdf', 'application/pdf', PDF);
  await upload(page, 'ID Document of the Applicant', 'id.pdf', 'application/pdf', PDF);
  await page.getByRole('button', { name: 'Continue to Package Selection' }).click();
  await expect(page.getByText('Step 1 of 5 completed successfully.')).toBeVisible();
  const afterStep1 = (await (await page.request.get('/api/applications/me')).json()).application;
  expect(afterStep1).toMatchObject({
    currentStep: 2,
    stepDrafts: {},
    stepData: { 1: { tagLine: 'Excellence in every learner', logoFile: { name: 'logo.png' } } },
  });
  expect(afterStep1.stepData['1'].documentFiles.registrationCertificate.name).toBe('certificate-2.pdf');

  // Step 2: nine packages, the recommended one marked, single choice; continue disabled until chosen.
  await expect(counter(page)).toHaveText('Step 2 of 5');
  await expect(page.getByRole('heading', { name: 'Choose Your Package' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(9);
  await expect(page.getByText('Recommended', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Contact our specialists' })).toHaveAttribute(
    'href',
    '/contact-specialists',
  );
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('radio', { name: /Growth/ }).check();
  await page.getByRole('radio', { name: /Advanced/ }).check();
  await expect(page.getByRole('radio', { name: /Growth/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the terms, then the hand-off to the checkout with the state (wizard contract).
  await expect(counter(page)).toHaveText('Step 3 of 5');
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL('**/subscription-checkout');
  expect(await stored(page)).toMatchObject({
    userType: 'school_admin',
    currentStep: 3,
    totalSteps: 5,
    packageData: { id: 'advanced' },
    stepData: { 2: { packageId: 'advanced' }, 3: { termsAccepted: true, privacyAccepted: true } },
  });

  // Payments' checkout (owner "payments"): pay in the sandbox and come back to the wizard,
  // which submits the payment step and opens /application-submitted.
  await expect(page.getByTestId('checkout-pay')).toBeVisible();
  await page.getByTestId('checkout-pay').click();
  await page.waitForURL('**/payments/sandbox/**');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Thandi Nkosi');
  await page.getByRole('button', { name: 'Authorise card' }).click();
  // Back on the wizard ("Awaiting payment..." while the payment is confirmed, often too briefly to
  // see), which submits the payment step and goes on.
  await page.waitForURL('**/application-submitted', { timeout: 20_000 });
  await expect(page.getByRole('main').locator('strong', { hasText: email })).toBeVisible();
  const submitted = await page.request.get('/api/applications/me');
  expect((await submitted.json()).application).toMatchObject({
    status: 'submitted',
    userType: 'school_admin',
    stepData: { 4: { packageData: { id: 'advanced' } } },
  });
});
