import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { cookiesFrom } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pdfTexts } from '../../test/pdf-text.ts';
import { invoiceNumberLabel, vatIncluded } from './invoices.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Thandi Mokoena' };

describe('VAT included in a price (15%)', () => {
  it.each([
    [115_00, 15_00],
    [29_800, 3_887], // 3 886,96 rounds half away from zero to the cent
    [1, 0],
    [106_800, 13_930],
  ])('%i cents holds %i cents of VAT', (total, vat) => {
    expect(vatIncluded(total)).toBe(vat);
  });
  it('labels numbers INV-000001', () => {
    expect(invoiceNumberLabel(42)).toBe('INV-000042');
  });
});

describe('/api/payments/me and invoice PDFs', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: origin, PLATFORM_VAT_NUMBER: '4123456789' });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function partnerWhoPaid() {
    const user = await createUser(t.database.db, {
      role: 'business_partner',
      status: 'applicant',
      firstName: 'Sipho',
      lastName: 'Dlamini',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: user.email, password: user.password },
    });
    const cookie = cookiesFrom(signIn);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscription-checkout',
      headers: { cookie },
      payload: { userType: 'business_partner', partnerTypes: ['tutor', 'product_vendor'] },
    });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: checkout.json().orderId, ...GOOD_CARD },
    });
    expect(pay.statusCode).toBe(200);
    return { user, cookie, orderId: checkout.json().orderId as string };
  }

  it('lists the payment with its invoice; the PDF goes to its owner only; numbers are sequential', async () => {
    const first = await partnerWhoPaid();
    const list = await t.app.inject({ url: '/api/payments/me', headers: { cookie: first.cookie } });
    expect(list.statusCode).toBe(200);
    const [row] = list.json().payments;
    expect(row.order).toMatchObject({ id: first.orderId, status: 'paid', amountCents: 29_800 });
    expect(row.invoice).toMatchObject({ totalCents: 29_800, vatCents: 3_887 });
    expect(row.invoice.number).toMatch(/^INV-\d{6}$/);

    const pdf = await t.app.inject({
      url: `/api/payments/invoices/${row.invoice.id}/pdf`,
      headers: { cookie: first.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${row.invoice.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe(`Sekolo tax invoice ${row.invoice.number}`);
    expect(doc.getPageCount()).toBe(1);

    const second = await partnerWhoPaid();
    const [secondRow] = (await t.app.inject({ url: '/api/payments/me', headers: { cookie: second.cookie } })).json()
      .payments;
    expect(Number(secondRow.invoice.number.slice(4))).toBe(Number(row.invoice.number.slice(4)) + 1);

    // Someone else's invoice does not exist for you; no session, no invoice.
    const other = await t.app.inject({
      url: `/api/payments/invoices/${row.invoice.id}/pdf`,
      headers: { cookie: second.cookie },
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/payments/invoices/${row.invoice.id}/pdf` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/payments/me' })).statusCode).toBe(401);
  });

  it("carries Sekolo's VAT number and one line per partner type, each with its 15% VAT", async () => {
    const { cookie } = await partnerWhoPaid();
    const [row] = (await t.app.inject({ url: '/api/payments/me', headers: { cookie } })).json().payments;
    expect(row.invoice.lines).toEqual([
      {
        description: 'Business partner registration: Tutor / Course Provider',
        quantity: 1,
        unitCents: 9_900,
        totalCents: 9_900,
        vatCents: 1_291,
      },
      {
        description: 'Business partner registration: Product Vendor',
        quantity: 1,
        unitCents: 19_900,
        totalCents: 19_900,
        vatCents: 2_596,
      },
    ]);
    expect(row.invoice.vatCents).toBe(1_291 + 2_596);

    const pdf = await t.app.inject({ url: `/api/payments/invoices/${row.invoice.id}/pdf`, headers: { cookie } });
    const texts = pdfTexts(pdf.rawPayload);
    expect(texts).toContain('TAX INVOICE');
    expect(texts).toContain('VAT number 4123456789');
    const at = texts.indexOf('Business partner registration: Tutor / Course Provider');
    expect(texts.slice(at, at + 5)).toEqual([
      'Business partner registration: Tutor / Course Provider',
      '1',
      'R99,00',
      'R12,91',
      'R99,00',
    ]);
    const vendor = texts.indexOf('Business partner registration: Product Vendor');
    expect(texts.slice(vendor, vendor + 5)).toEqual([
      'Business partner registration: Product Vendor',
      '1',
      'R199,00',
      'R25,96',
      'R199,00',
    ]);
    expect(texts).toContain('R38,87');
    expect(texts).toContain('R298,00');
  });

  it('a R0 card set-up is listed without an invoice', async () => {
    const user = await createUser(t.database.db, { role: 'school_admin', status: 'applicant' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: user.email, password: user.password },
    });
    const cookie = cookiesFrom(signIn);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscription-checkout',
      headers: { cookie },
      payload: { userType: 'school_admin', packageId: 'basic' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: checkout.json().orderId, ...GOOD_CARD },
    });
    const [row] = (await t.app.inject({ url: '/api/payments/me', headers: { cookie } })).json().payments;
    expect(row).toMatchObject({ order: { amountCents: 0, status: 'paid' }, invoice: null });
  });
});
