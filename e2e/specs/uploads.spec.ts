import { randomFillSync } from 'node:crypto';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { holdNextUpload } from '../fixtures/uploads';

/**
 * The file upload widget (spec 2.11, 4 "Upload") on a real screen: the business partner
 * wizard's first step (logo and documents). Client-side refusal, server-side refusal by content
 * with retry, a real progress bar, the done row with a working link, remove (deleted on the server
 * too), drag and drop, and the keyboard.
 */

const PASSWORD = 'Uploads-e2e-password-42';
test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A Windows executable wearing a .png name. */
const EXE = (() => {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();

async function openWizardAsApplicant(page: Page, request: Parameters<typeof createAccount>[0]) {
  const email = uniqueEmail('uploads');
  await createAccount(request, { email, password: PASSWORD, role: 'business_partner', verify: true });
  await signIn(page, email, PASSWORD);
  await page.goto('/registration-steps');
  // The wizard loads the saved draft first; the machine may be busy.
  await expect(page.getByLabel('Business logo', { exact: true })).toBeAttached({ timeout: 30_000 });
}

/**
 * A real PNG of about 2 MB (random pixels, stored without compression), large enough to watch an
 * upload's progress: a logo must be a picture the server can read, since it keeps it re-encoded.
 */
function largePng(side = 840): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y++) randomFillSync(rows, y * (1 + side * 3) + 1, side * 3); // filter byte 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the upload widget refuses, retries, shows progress, uploads, serves and removes a file', async ({
  page,
  request,
  playwright,
}) => {
  await openWizardAsApplicant(page, request);
  const logo = page
    .locator('[data-slot="file-upload"]')
    .filter({ has: page.getByLabel('Business logo', { exact: true }) });
  await expect(logo).toContainText('Maximum size 10MB');
  await expectNoSeriousA11yViolations(page);

  // 1. The browser's own check: a text file never leaves the machine.
  await page.getByLabel('Business logo', { exact: true }).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(logo.getByRole('alert')).toHaveText(
    'This file type is not supported. Please upload a PNG, JPEG or WebP file.',
  );

  // 2. The server's check by content: an executable renamed to .png is refused (415); retry is offered.
  await page
    .getByLabel('Business logo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: EXE });
  await expect(logo.getByText('Upload failed')).toBeVisible();
  await expect(logo).toContainText(
    'A logo must be a PNG, JPEG or WebP picture (SVG and other files are not accepted).',
  );
  await expect(logo.getByRole('button', { name: 'Retry' })).toBeVisible();

  // 3. A real file, sent slowly enough to watch the progress bar move (Chromium upload throttling).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  const bigPng = largePng();
  expect(bigPng.length).toBeGreaterThan(2 * 1024 * 1024);
  await page
    .getByLabel('Business logo', { exact: true })
    .setInputFiles({ name: 'logo-large.png', mimeType: 'image/png', buffer: bigPng });
  const bar = logo.getByRole('progressbar', { name: 'Uploading logo-large.png' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(logo.getByRole('button', { name: 'Remove logo-large.png' })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // What is kept is the picture re-encoded (WebP, 512 px at the most), far smaller than what was sent.
  await expect(logo).toContainText(/logo-large\.png[\d.]+ (B|KB) · Uploaded/);

  // The done row links to the stored file, served only to its owner (and reviewers).
  const href = await logo.getByRole('link', { name: 'logo-large.png' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  const served = await page.request.get(href!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  const body = await served.body();
  expect([body.subarray(0, 4).toString('latin1'), body.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
  // Someone signed out (a context with no cookies) learns nothing.
  const anonymous = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await anonymous.get(href!)).status()).toBe(401);
  await anonymous.dispose();

  // 4. Remove: back to the empty drop area, and the file is deleted on the server.
  await logo.getByRole('button', { name: 'Remove logo-large.png' }).click();
  await expect(logo.getByRole('button', { name: /click to browse/ })).toBeVisible();
  await expect.poll(async () => (await page.request.get(href!)).status()).toBe(404);
});

test('the drop area takes a dropped file and works from the keyboard', async ({ page, request }) => {
  await openWizardAsApplicant(page, request);
  const field = page
    .locator('[data-slot="file-upload"]')
    .filter({ has: page.getByLabel('Business Registration Certificate', { exact: true }) });

  // Drag and drop.
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'cipc.pdf', { type: 'application/pdf' }));
      return transfer;
    },
    [...PDF],
  );
  const dropZone = field.getByRole('button', { name: /click to browse/ });
  await dropZone.dispatchEvent('dragenter', { dataTransfer });
  await dropZone.dispatchEvent('drop', { dataTransfer });
  await expect(field.getByRole('button', { name: 'Remove cipc.pdf' })).toBeVisible({ timeout: 15_000 });

  // Keyboard: the drop area is a button; Enter opens the file chooser.
  const bank = page
    .locator('[data-slot="file-upload"]')
    .filter({ has: page.getByLabel('Proof of Bank Account', { exact: true }) });
  const browse = bank.getByRole('button', { name: /click to browse/ });
  await browse.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'bank.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(bank.getByRole('button', { name: 'Remove bank.pdf' })).toBeVisible({ timeout: 15_000 });

  // A failed upload (the connection drops) shows the spec's message; Retry sends the same file again.
  const identity = page
    .locator('[data-slot="file-upload"]')
    .filter({ has: page.getByLabel('ID Document of Owner / Director', { exact: true }) });
  await page.route('**/api/uploads', (route) => route.abort('connectionreset'), { times: 1 });
  await page
    .getByLabel('ID Document of Owner / Director', { exact: true })
    .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(identity.getByRole('alert')).toContainText('Upload failed');
  await expect(identity.getByRole('alert')).toContainText('Error uploading file. Please try again.');
  await identity.getByRole('button', { name: 'Retry' }).click();
  await expect(identity.getByRole('button', { name: 'Remove id.pdf' })).toBeVisible({ timeout: 15_000 });

  // The step sent while a file is still on its way waits for the file and says so (its upload held back here).
  const tax = page
    .locator('[data-slot="file-upload"]')
    .filter({ has: page.getByLabel('Tax Clearance Certificate (optional)', { exact: true }) });
  const release = await holdNextUpload(page);
  await page
    .getByLabel('Tax Clearance Certificate (optional)', { exact: true })
    .setInputFiles({ name: 'tax.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(tax.getByRole('progressbar', { name: 'Uploading tax.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(tax).toContainText('Please wait until the file has finished uploading, then try again.');
  // The form was not checked (its empty fields would say so) and the step is still the first.
  await expect(page.getByText('Registered name is required')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Business Information' }).first()).toBeVisible();
  release();
  await expect(tax.getByRole('button', { name: 'Remove tax.pdf' })).toBeVisible({ timeout: 15_000 });
  await expect(tax).not.toContainText('Please wait until the file has finished uploading');
});
