import { expect, test, type Page } from '@playwright/test';
import { finishSignUp, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The business partner and charity wizards: a business
 * partner with two roles fills the seven steps, sees the registration fee of both roles, pays in
 * the sandbox and lands on /application-submitted; a charity completes its five steps without a
 * checkout.
 */

const PASSWORD = 'Partner-wizard-e2e-42';

// Sign-up, e-mail verification, uploads, seven steps and a trip through the gateway.
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

/** Signs up on /register as `role` (an applicant), verifies the address, signs in and opens the wizard. */
async function applicant(page: Page, role: 'business_partner' | 'charity') {
  const email = uniqueEmail(`wizard-${role}`);
  await page.goto('/register');
  await page.getByRole('radio', { name: role === 'charity' ? /Charity/ : /Business Partner/ }).check();
  await page.getByLabel('First name').fill('Naledi');
  await page.getByLabel('Last name').fill('Khumalo');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await finishSignUp(page, email, PASSWORD);
  await page.waitForURL('**/registration-steps');
  return email;
}

const counter = (page: Page) => page.getByTestId('wizard-step-counter');

async function upload(page: Page, label: string, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType, buffer });
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible({ timeout: 15_000 });
}

async function fillAddress(page: Page) {
  await page.getByLabel('Street address').fill('12 Jan Smuts Avenue');
  await page.getByLabel('Suburb').fill('Parktown');
  await page.getByLabel('Town/City').fill('Johannesburg');
  await page.getByLabel('Postal code').fill('2193');
  await page.getByLabel('Country').selectOption('south_africa');
  await page.getByLabel('Province', { exact: true }).selectOption({ label: 'Gauteng' });
}

test('a business partner with two roles completes the wizard, pays the fee of both roles and reaches /application-submitted', async ({
  page,
}) => {
  await applicant(page, 'business_partner');

  // Step 1, Business Information: the spec's submit checks come first, in order.
  await expect(counter(page)).toHaveText('Step 1 of 7');
  await expect(page.getByRole('heading', { name: 'Business Information' })).toBeVisible();
  // The sign-up toast fades out first: axe measures contrast mid-animation otherwise.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Business Partner Type Required')).toBeVisible();
  await expect(page.getByText('Please select at least one business partner type').first()).toBeVisible();
  await expect(page.getByText('Registered name is required')).toBeVisible();

  await page.getByLabel(/Tutor \/ Course Provider/).check();
  await page.getByLabel(/Product Vendor/).check();
  await page.getByLabel('Registered name').fill('Ubuntu Learning (Pty) Ltd');
  await page.getByLabel('Registration number').fill('2019/123456/07');
  await page.getByLabel('Business type').selectOption({ label: 'Private Company (Pty Ltd)' });
  await fillAddress(page);
  await page.getByLabel('Display name').fill('Ubuntu Learning');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Logo Required')).toBeVisible();

  await upload(page, 'Business logo', 'logo.png', 'image/png', PNG);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Required Documents Missing')).toBeVisible();
  await upload(page, 'Business Registration Certificate', 'cipc.pdf', 'application/pdf', PDF);
  await upload(page, 'Proof of Bank Account', 'bank.pdf', 'application/pdf', PDF);
  await upload(page, 'ID Document of Owner / Director', 'id.pdf', 'application/pdf', PDF);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 2, Products & Services: the tabs of the two roles only; the list's remove rule.
  await expect(counter(page)).toHaveText('Step 2 of 7');
  const tabs = page.getByRole('tablist', { name: 'Products and services' });
  await expect(tabs.getByRole('tab')).toHaveText(['Overview', 'Tutor Information', 'Products']);
  // Checked once the step's toast has gone (a toast fading out is mid-animation, not low contrast).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Business overview is required')).toBeVisible();
  await page.getByLabel('Business overview').fill('Maths tutoring and Grade 10 to 12 workbooks.');

  await tabs.getByRole('tab', { name: 'Tutor Information' }).click();
  await page.getByLabel('Mathematics', { exact: true }).check();
  await page.getByLabel('Qualifications').fill('BSc Mathematics (Wits)');
  await page.getByLabel('Experience').fill('Six years of matric tutoring');

  await tabs.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('button', { name: /^Remove product/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('button', { name: /^Remove product/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove product 2' }).click();
  await expect(page.getByRole('button', { name: /^Remove product/ })).toHaveCount(0);
  await page.getByLabel('Product name').fill('Maths workbook');
  await page.getByLabel('Category').selectOption({ label: 'Books' });
  await page.getByLabel('Description').fill('Grade 12 past papers with worked answers');
  await page.getByLabel('Price range').selectOption({ label: 'R100 - R500' });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 3, Fees & Commission: both roles carried over; the fee from the shared calculator.
  await expect(counter(page)).toHaveText('Step 3 of 7');
  await expect(page.getByLabel(/Tutor \/ Course Provider/)).toBeChecked();
  await expect(page.getByLabel(/Product Vendor/)).toBeChecked();
  await page.getByLabel('Basic').check();
  await expect(page.getByTestId('partner-registration-fee')).toHaveText('R298,00');
  await expect(page.getByTestId('partner-recurring-fee')).toHaveText('R49,50 / month + R99,50 / year');
  await page.getByRole('button', { name: 'Continue to Service Level Agreement' }).click();

  // Step 4, Service Level Agreement: the box unlocks once the text is scrolled to its end.
  await expect(counter(page)).toHaveText('Step 4 of 7');
  const accept = page.getByLabel('I have read and accept the Service Level Agreement');
  await expect(accept).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue to Terms & Conditions' })).toBeDisabled();
  await page
    .getByRole('region', { name: 'Service Level Agreement' })
    .evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
  await expect(accept).toBeEnabled();
  await accept.check();
  await page.getByRole('button', { name: 'Continue to Terms & Conditions' }).click();

  // Step 5, Terms & Payment: the order summary, then the checkout.
  await expect(counter(page)).toHaveText('Step 5 of 7');
  await expect(page.getByTestId('partner-registration-fee')).toHaveText('R298,00');
  await page.getByLabel(/I have read and accept the Terms of Service/).check();
  await page.getByLabel(/I have read and accept the Privacy Policy/).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await page.waitForURL('**/subscription-checkout');
  await expect(page.getByTestId('checkout-due-today')).toHaveText('R298,00');
  await page.getByTestId('checkout-pay').click();
  await page.waitForURL('**/payments/sandbox/**');
  await expect(page.getByTestId('checkout-amount')).toHaveText('R298,00');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Naledi Khumalo');
  await page.getByRole('button', { name: 'Pay R298,00' }).click();

  // Back in the wizard ('Awaiting payment...', which can pass too quickly to see), which submits
  // itself and moves on.
  await page.waitForURL(/\/(registration-steps|application-submitted)/);
  await page.waitForURL('**/application-submitted**', { timeout: 20_000 });

  const res = await page.request.get('/api/applications/me');
  const { application } = (await res.json()) as {
    application: { status: string; userType: string; stepData: Record<string, Record<string, unknown>> };
  };
  expect(application).toMatchObject({ status: 'submitted', userType: 'business_partner' });
  expect(application.stepData['1']).toMatchObject({
    businessPartnerTypes: ['tutor', 'product_vendor'],
    registeredName: 'Ubuntu Learning (Pty) Ltd',
  });
  expect(application.stepData['3']).toMatchObject({
    businessPartnerTypes: ['tutor', 'product_vendor'],
    commissionTier: 'basic',
  });
  expect(application.stepData['4']).toEqual({ acceptedSLA: true });
});

test('a charity completes its five-step wizard without a checkout', async ({ page }) => {
  await applicant(page, 'charity');

  await expect(counter(page)).toHaveText('Step 1 of 5');
  await expect(page.getByRole('heading', { name: 'Charity Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Products' }).click();
  await expect(page.getByText('Charity type is required')).toBeVisible();
  await expect(page.getByText('Display name is required')).toBeVisible();
  // After a first attempt the button waits until the form is valid (spec 5).
  await expect(page.getByRole('button', { name: 'Continue to Products' })).toBeDisabled();

  await page.getByLabel('Registered name').fill('Hope for Learners NPC');
  await page.getByLabel('Registration number').fill('123-456 NPO');
  await page.getByLabel('Charity type').selectOption({ label: 'Non-Profit Organization (NPO)' });
  await fillAddress(page);
  await page.getByLabel('Display name').fill('Hope for Learners');
  await page.getByRole('button', { name: 'Continue to Products' }).click();

  // Step 2 is optional: continue with the blank entry.
  await expect(counter(page)).toHaveText('Step 2 of 5');
  await expect(page.getByRole('tablist', { name: 'Products and services' }).getByRole('tab')).toHaveText([
    'Overview',
    'Products',
    'Services',
  ]);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 3, Terms & Package: free, submitted directly.
  await expect(counter(page)).toHaveText('Step 3 of 5');
  await expect(page.getByTestId('charity-package-price')).toHaveText('R0,00');
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/I have read and accept the Terms of Service/).check();
  await page.getByLabel(/I have read and accept the Privacy Policy/).check();
  await submit.click();
  await page.waitForURL('**/application-submitted**', { timeout: 20_000 });
  expect(page.url()).not.toContain('checkout');

  const res = await page.request.get('/api/applications/me');
  const { application } = (await res.json()) as {
    application: { status: string; stepData: Record<string, Record<string, unknown>> };
  };
  expect(application.status).toBe('submitted');
  expect(application.stepData['2']).toEqual({ overview: '', products: [], services: [] });
  expect(application.stepData['3']).toMatchObject({ termsAccepted: true, privacyAccepted: true, packageId: 'charity' });
});
