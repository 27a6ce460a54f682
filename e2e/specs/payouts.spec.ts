import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { linkFrom, waitForMail } from '../fixtures/outbox';

/**
 * Payouts (modules/payouts): the demo business partner adds a new bank account, confirms it from
 * the e-mailed link, sees the balance and asks for an immediate payout with its R12 fee shown
 * before confirming; the balance drops by the amount.
 */

test.describe.configure({ timeout: 120_000 });

const centsIn = (text: string) => Number(text.replace(/[^\d-]/g, ''));
const balanceOf = async (page: Page) => centsIn((await page.getByTestId('available-balance').textContent()) ?? '');

test('a business partner confirms a bank account from the e-mail and is paid out at once', async ({ page }) => {
  const number = `40${Date.now().toString().slice(-8)}`;
  const last4 = number.slice(-4);
  await signIn(page, DEMO.vendor, DEMO_PASSWORD);
  await page.goto('/dashboard/business/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payouts' })).toBeVisible();

  await test.step('a new bank account waits for the e-mailed confirmation', async () => {
    const form = page.getByRole('form', { name: 'New bank account' });
    await form.getByLabel('Account holder').fill('Demo Supplies (Pty) Ltd');
    await form.getByLabel('Bank', { exact: true }).selectOption({ label: 'Capitec' });
    await form.getByLabel('Account number').fill(number);
    await form.getByLabel('Account type').selectOption({ label: 'Business' });
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByRole('status').getByText('Waiting for confirmation')).toBeVisible();
    await expect(page.getByRole('status').getByText(`•••• ${last4}`)).toBeVisible();
  });

  await test.step('the link in the e-mail confirms it', async () => {
    const mail = await waitForMail(
      page.request,
      DEMO.vendor,
      (m) => m.tag === 'payout-account-confirm' && m.text.includes(`•••• ${last4}`),
    );
    await page.goto(linkFrom(mail, '/dashboard/business/payouts?token='));
    await page.getByRole('button', { name: 'Confirm the new bank account' }).click();
    await expect(page.getByText(`Payouts now go to Capitec •••• ${last4}.`)).toBeVisible();
    const account = page.getByRole('region', { name: 'Bank account' });
    await expect(account.getByText('Payouts go to this account')).toBeVisible();
    await expect(account.getByText(`•••• ${last4}`)).toBeVisible();
  });

  await test.step('an immediate payout shows its R12 fee first, then takes the amount from the balance', async () => {
    const before = await balanceOf(page);
    expect(before).toBeGreaterThan(10_000);
    const form = page.getByRole('form', { name: 'Pay out now' });
    await form.getByLabel('Amount to pay out (R)').fill('100,00');
    await form.getByRole('button', { name: 'Pay out now' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the payout' });
    await expect(confirm.getByText('R12,00')).toBeVisible();
    await expect(confirm.getByText('R88,00')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Confirm payout' }).click();
    await expect(page.getByText('R88,00 is on its way to your bank account.')).toBeVisible();
    await expect.poll(() => balanceOf(page)).toBe(before - 10_000);
    const history = page.getByRole('list', { name: 'Payouts' });
    await expect(history.getByText(`R100,00 less R12,00 fee: R88,00 to Capitec •••• ${last4}`)).toBeVisible();
    await waitForMail(page.request, DEMO.vendor, (m) => m.tag === 'payout-remittance' && m.text.includes('R88,00'));
  });
});
