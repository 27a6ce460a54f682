import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { DEMO, DEMO_PASSWORD, signIn } from '../fixtures/accounts';

/**
 * A Y4M video (what Chromium's fake camera plays) of a ticket's QR code, black on white, large in
 * the middle of a 640 × 480 frame: the door page reads it through getUserMedia like a real camera.
 */
function qrVideo(token: string): string {
  const qr = QRCode.create(token, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const modules = qr.modules.size + 8;
  const scale = Math.floor(420 / modules);
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < qr.modules.size; row++)
    for (let col = 0; col < qr.modules.size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(
          16,
          (top + (row + 4) * scale + y) * width + left + (col + 4) * scale,
          (top + (row + 4) * scale + y) * width + left + (col + 5) * scale,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-door-')), 'ticket.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]),
  );
  return file;
}

/**
 * Events and tickets (D25), end to end: the school creates a paid event; the demo parent finds it
 * on the school's calendar, buys a ticket and pays at the sandbox gateway, and sees its QR code in
 * My tickets; a staff phone (Chromium's fake camera playing the ticket's QR code) checks it in, and
 * the second scan says it is already used; the typed code says the same.
 */
test('a parent buys a paid ticket, a staff phone checks it in, and the second scan says already used', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Math.random().toString(36).slice(2, 7);
  const title = `Prize evening ${run}`;
  const day = addDays(todayInSouthAfrica(), 2);

  // The school creates a published, paid event for the whole school.
  await signIn(page, DEMO.schoolAdmin, DEMO_PASSWORD);
  await page.goto('/dashboard/school');
  await page.getByRole('navigation').getByRole('link', { name: 'Events' }).click();
  await page.waitForURL('**/dashboard/school/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('form', { name: 'New event' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Place').fill('School hall');
  await form.getByLabel('Starts on').fill(day);
  await form.getByLabel('Starts at (South African time)').fill('18:00');
  await form.getByLabel('Ends on').fill(day);
  await form.getByLabel('Ends at', { exact: true }).fill('20:00');
  await form.getByLabel('Capacity (people)').fill('120');
  await form.getByLabel('Status').selectOption('published');
  await form.getByLabel('Name', { exact: true }).fill('Adult');
  await form.getByLabel('Price (R, 0 for free)').fill('50');
  await form.getByRole('button', { name: 'Create event' }).click();
  const listed = page.getByRole('list', { name: 'School events' }).getByRole('listitem', { name: title });
  await expect(listed).toContainText('0 of 120');
  await expect(listed).toContainText('Adult: R50,00');

  // The demo parent buys a ticket on the school's calendar and pays at the sandbox gateway.
  const family = await browser.newContext();
  const parent = await family.newPage();
  await signIn(parent, DEMO.parent, DEMO_PASSWORD);
  await parent.goto('/dashboard/school/events');
  await expect(parent.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible({ timeout: 20_000 });
  if (day.slice(0, 7) !== todayInSouthAfrica().slice(0, 7))
    await parent.getByRole('button', { name: 'Next month' }).click();
  await parent.getByRole('button', { name: new RegExp(title) }).click();
  const tickets = parent.getByRole('form', { name: `Tickets for ${title}` });
  await tickets.getByLabel(/^Adult: R50,00/).fill('1');
  await expect(tickets.getByLabel('Name on ticket 1 (Adult)')).toHaveValue('Lindiwe Mokoena');
  await expect(tickets).toContainText('you pay R53,40');
  await tickets.getByRole('button', { name: 'Pay and get tickets' }).click();
  await parent.waitForURL('**/payments/sandbox/**');
  await parent.getByLabel('Card number').fill('4242 4242 4242 4242');
  await parent.getByLabel('Expiry (MM/YY)').fill('12/35');
  await parent.getByLabel('CVC').fill('123');
  await parent.getByLabel('Name on card').fill('L Mokoena');
  await parent.getByRole('button', { name: 'Pay R53,40' }).click();
  await parent.waitForURL('**/dashboard/tickets**');
  const ticket = parent.getByRole('list', { name: 'Tickets' }).getByRole('listitem').filter({ hasText: title });
  await expect(ticket).toContainText('Valid', { timeout: 20_000 });
  const qr = ticket.getByRole('img', { name: /^QR code of ticket T-/ });
  await expect(qr).toBeVisible();
  const token = (await qr.getAttribute('data-token'))!;
  const code = (await ticket.locator('figcaption').textContent())!.trim();
  expect(token).toMatch(/^[0-9a-f-]{36}\./);
  await family.close();

  // A staff phone at the door: the camera shows the ticket's QR code.
  const events = await page.request.get('/api/school/events');
  const eventId = ((await events.json()) as { events: { id: string; title: string }[] }).events.find(
    (e) => e.title === title,
  )!.id;
  const phone = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(token)}`,
    ],
  });
  try {
    const door = await (
      await phone.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 390, height: 844 } })
    ).newPage();
    await signIn(door, DEMO.schoolAdmin, DEMO_PASSWORD);
    await door.goto(`/dashboard/school/events/${eventId}/check-in`);
    await expect(door.getByRole('heading', { name: `Check-in: ${title}` })).toBeVisible({ timeout: 20_000 });
    const verdict = door.getByTestId('door-verdict');
    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(verdict).toHaveText('Valid – Lindiwe M., Adult', { timeout: 30_000 });
    // A second scan of the same ticket.
    await door.getByRole('button', { name: 'Stop camera' }).click();
    await door.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(verdict).toHaveText(/^Already used at \d\d:\d\d$/, { timeout: 30_000 });
    await door.getByRole('button', { name: 'Stop camera' }).click();
    // The typed code, as when a screen will not scan.
    await door.getByLabel('Ticket code').fill(code);
    await door.getByRole('button', { name: 'Check code' }).click();
    await expect(verdict).toHaveText(/^Already used at \d\d:\d\d$/);
    await door.getByLabel('Ticket code').fill('T-00000000');
    await door.getByRole('button', { name: 'Check code' }).click();
    await expect(verdict).toHaveText('Invalid ticket');
  } finally {
    await phone.close();
  }

  // The school's figures: one ticket issued, one checked in.
  await page.reload();
  await expect(page.getByRole('list', { name: 'School events' }).getByRole('listitem', { name: title })).toContainText(
    '1 of 120',
  );
});
