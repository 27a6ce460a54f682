import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';

/**
 * The wizard's payment hand-off: the wizard leaves
 * registrationData in local storage and navigates to /subscription-checkout; the sandbox gateway
 * charges (or declines, or is cancelled); /payment-success hands back to /registration-steps.
 */

const PASSWORD = 'Payments-e2e-password-42';

// Sign-up, e-mail verification, sign-in and two trips through the gateway: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function applicantWithWizardState(page: Page, request: Parameters<typeof createAccount>[0], role: 'school_admin' | 'business_partner', stepData: object, currentStep: number, totalSteps: number) {
  const email = uniqueEmail(`pay-${role}`);
  await createAccount(request, { email, password: PASSWORD, role, firstName: 'Thandi', lastName: 'Mokoena', verify: true });
  await signIn(page, email, PASSWORD);
  await page.evaluate(
    ([data]) => window.localStorage.setItem('registrationData', JSON.stringify(data)),
    [{ userType: role, basicInfo: { firstName: 'Thandi', lastName: 'Mokoena', email }, currentStep, totalSteps, formData: {}, stepData }] as const,
  );
  return email;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Thandi Mokoena');
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('registrationData') ?? 'null'));

test('a school sets up its subscription: the decline shows, a retry succeeds, and the wizard gets the payment', async ({ page, request }) => {
  await applicantWithWizardState(page, request, 'school_admin', { 1: { name: 'Demo' }, 2: { packageId: 'growth' }, 3: { acceptTerms: true } }, 3, 5);
  await page.goto('/subscription-checkout');
  await expect(page.getByTestId('checkout-monthly-price')).toHaveText('R1 199,00 / month');
  await expect(page.getByTestId('checkout-due-today')).toHaveText('R0,00');
  await expect(page.getByText('14-day free trial', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-first-billing')).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('checkout-pay').click();

  await page.waitForURL('**/payments/sandbox/**');
  await expect(page.getByTestId('checkout-amount')).toHaveText('R0,00');
  await expect(page.getByRole('button', { name: 'Authorise card' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Authorise card' }).click();
  await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Authorise card' }).click();
  await page.waitForURL('**/payment-success?order=*');
  await page.waitForURL('**/registration-steps');
  const data = await stored(page);
  expect(data).toMatchObject({
    fromSubscriptionCheckout: true,
    currentStep: 4,
    packageData: { id: 'growth', priceCents: 119_900, trialDays: 14 },
    paymentData: { status: 'paid', amountCents: 0 },
    stepData: { 2: { packageId: 'growth' } },
  });
  expect(data.transactionRef).toMatch(/^SEK-/);
});

test('a partner with two roles sees the fee, cancels, and loses nothing', async ({ page, request }) => {
  await applicantWithWizardState(page, request, 'business_partner', { 2: { businessPartnerTypes: ['tutor', 'product_vendor'] }, 3: { commissionTier: 'basic' } }, 5, 7);
  await page.goto('/subscription-checkout');
  await expect(page.getByTestId('checkout-due-today')).toHaveText('R298,00');
  await expect(page.getByTestId('checkout-recurring-monthly')).toHaveText('R49,50 / month');
  await page.getByTestId('checkout-pay').click();

  await page.waitForURL('**/payments/sandbox/**');
  await expect(page.getByTestId('checkout-amount')).toHaveText('R298,00');
  await page.getByRole('button', { name: 'Cancel and return to Sekolo' }).click();
  await page.waitForURL('**/payment-cancel?order=*');
  await expect(page.getByTestId('payment-cancelled')).toContainText('You cancelled the payment.');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL('**/subscription-checkout');
  await expect(page.getByTestId('checkout-due-today')).toHaveText('R298,00');

  await page.getByRole('button', { name: 'Back to application' }).click();
  await page.waitForURL('**/registration-steps');
  expect(await stored(page)).toMatchObject({ currentStep: 5, stepData: { 2: { businessPartnerTypes: ['tutor', 'product_vendor'] } } });
});
