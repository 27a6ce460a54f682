import { expect, test } from '@playwright/test';
import { createAccount, DEMO_PASSWORD, signIn, uniqueEmail } from '../fixtures/accounts';
import { linkFrom, waitForMail } from '../fixtures/outbox';

/**
 * Charities and donations (D24): a donor gives to the demo charity's campaign through the sandbox
 * checkout (the gift plus the 6.8% processing fee), returns to their donations and downloads the
 * section 18A receipt, from their account and from the thank-you mail's signed link.
 */
test.describe.configure({ timeout: 120_000 });

test('a donor gives to a campaign and downloads the s18A receipt', async ({ page, request }) => {
  const email = uniqueEmail('donor');
  const password = 'Donor-password-2026';
  await createAccount(request, { email, password, firstName: 'Thandeka', lastName: 'Nxumalo', verify: true });
  await signIn(page, email, password);

  await page.goto('/funding');
  await expect(page.getByRole('heading', { name: 'Funding and donations', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Books for Khayelitsha libraries' }).click();
  await page.waitForURL('**/funding/books-for-khayelitsha-libraries');
  await expect(page.getByRole('heading', { name: 'Books for Khayelitsha libraries', level: 1 })).toBeVisible();
  await expect(page.getByTestId('campaign-progress')).toContainText('raised of R120 000,00');

  await page.getByLabel('R500,00').check();
  await page.getByLabel('Address (optional)', { exact: true }).fill('7 Jakaranda Street, Arcadia, Pretoria, 0083');
  await page.getByLabel('ID number or income tax number').fill('9202204720082');
  await expect(page.getByTestId('donation-total')).toHaveText('R534,00');
  await page.getByRole('button', { name: 'Donate R500,00' }).click();

  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Thandeka Nxumalo');
  await page.getByRole('button', { name: 'Pay R534,00' }).click();

  await page.waitForURL(/\/donations\?order=/);
  const row = page.getByTestId('donation-row').filter({ hasText: 'Books for Khayelitsha libraries' });
  const receiptLink = row.getByRole('link', { name: /^Download s18A receipt S18A-\d{6}$/ });
  await expect(receiptLink).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^S18A-\d{6}\.pdf$/);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

  // The thank-you mail carries the charity's words and the receipt's signed link.
  const mail = await waitForMail(request, email, (m) => m.subject.startsWith('Thank you for your donation'));
  expect(mail.text).toContain('Enkosi kakhulu!');
  const signed = await request.get(linkFrom(mail, '/api/funding/receipts/'));
  expect(signed.status()).toBe(200);
  expect(signed.headers()['content-type']).toBe('application/pdf');

  // The campaign's public page now counts the gift under the donor's first name.
  await page.goto('/funding/books-for-khayelitsha-libraries');
  await expect(page.getByRole('list', { name: 'Recent donations' })).toContainText('Thandeka N. gave R500,00');
});

test('a donor gives monthly, sees the monthly gift on their donations and cancels it', async ({ page, request }) => {
  const email = uniqueEmail('monthly-donor');
  const password = 'Donor-password-2026';
  await createAccount(request, { email, password, firstName: 'Kabelo', lastName: 'Sithole', verify: true });
  await signIn(page, email, password);

  await page.goto('/funding/books-for-khayelitsha-libraries');
  await expect(page.getByRole('heading', { name: 'Books for Khayelitsha libraries', level: 1 })).toBeVisible();
  await page.getByLabel('Monthly').check();
  await page.getByLabel('R250,00').check();
  await expect(page.getByTestId('donation-total')).toHaveText('R267,00');
  await page.getByRole('button', { name: 'Donate R250,00 monthly' }).click();

  await page.waitForURL('**/payments/sandbox/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Kabelo Sithole');
  await page.getByRole('button', { name: 'Pay R267,00' }).click();

  await page.waitForURL(/\/donations\?order=/);
  const gift = page.getByTestId('monthly-gift-row').filter({ hasText: 'Books for Khayelitsha libraries' });
  await expect(gift).toContainText('R250,00 a month · Active', { timeout: 20_000 });
  await expect(gift).toContainText('1 month paid');
  // The first month is a gift like any other, with its s18A receipt.
  const first = page.getByTestId('donation-row').filter({ hasText: 'monthly' });
  await expect(first.getByRole('link', { name: /^Download s18A receipt S18A-\d{6}$/ })).toBeVisible();
  const thanks = await waitForMail(request, email, (m) => m.subject.startsWith('Thank you for your monthly donation'));
  expect(thanks.text).toContain('This is a month of your monthly gift.');

  await gift.getByRole('button', { name: 'Cancel monthly gift' }).click();
  await gift.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(gift).toContainText('Cancelled');
  await expect(gift.getByRole('button', { name: 'Cancel monthly gift' })).toHaveCount(0);
});

test("the directory's charity profile lists its campaigns with their progress", async ({ page }) => {
  await page.goto('/directory/ubuntu-reading-trust');
  await expect(page.getByRole('heading', { name: 'Ubuntu Reading Trust', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Campaigns' });
  await expect(list.getByTestId('campaign-progress').first()).toContainText('raised of');
  await list.getByRole('link', { name: 'Books for Khayelitsha libraries' }).click();
  await page.waitForURL('**/funding/books-for-khayelitsha-libraries');
  await expect(page.getByRole('link', { name: 'Ubuntu Reading Trust' })).toHaveAttribute(
    'href',
    '/directory/ubuntu-reading-trust',
  );
});

test('the charity uploads a logo on its public profile; its directory profile and campaign pages show it', async ({
  page,
}) => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await signIn(page, 'charity@ubuntu-reading.sekolo.test', DEMO_PASSWORD);
  await page.goto('/dashboard/charity/public-profile');
  await page
    .getByLabel('Logo (optional)')
    .setInputFiles({ name: 'ubuntu-logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Remove ubuntu-logo.png' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save public profile' }).click();
  await expect(page.getByText('Your public profile is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'The current logo of Ubuntu Reading Trust' })).toBeVisible();

  await page.goto('/directory/ubuntu-reading-trust');
  const logo = page.getByRole('img', { name: 'Ubuntu Reading Trust logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto('/funding/books-for-khayelitsha-libraries');
  await expect(page.getByRole('img', { name: 'Ubuntu Reading Trust logo' })).toBeVisible();
});
