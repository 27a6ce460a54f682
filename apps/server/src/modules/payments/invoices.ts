import { desc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { CONTACT } from '@sekolo/shared/constants/marketing';
import { PARTNER_REGISTRATION_FEES_CENTS, PROCESSING_FEE_BPS } from '@sekolo/shared/constants/fees';
import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TBasketQuoteLine } from '@sekolo/shared/schemas/listings';
import type { DbExecutor } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/auth.ts';
import { invoices, type TInvoiceLine } from '../../platform/db/schema/invoices.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { TOrder } from './providers/types.ts';

/** South African VAT, included in every price. */
export const VAT_RATE_PERCENT = 15;

export type TInvoice = typeof invoices.$inferSelect;

/**
 * The VAT a VAT-inclusive amount contains: total × 15 / 115, rounded half away from zero to the
 * cent (the ledger's rounding rule). R1 150,00 holds R150,00 VAT.
 */
export function vatIncluded(totalCents: number): number {
  return Math.round((totalCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

export function invoiceNumberLabel(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** The processing fee's line, as the basket checkout names it: "Processing fee (6.8%)". */
export const PROCESSING_FEE_LABEL = `Processing fee (${PROCESSING_FEE_BPS / 100}%)`;

function line(
  description: string,
  quantity: number,
  unitCents: number,
  totalCents = unitCents * quantity,
): TInvoiceLine {
  return { description, quantity, unitCents, totalCents, vatCents: vatIncluded(totalCents) };
}

/**
 * What the order bought, one line per item and per fee: a basket's products (with their seller),
 * or what it collected for its payee (VAT-free), and the processing fee apart; a partner's registration fee per partner type; else the order's
 * description. Lines that would not add up to what was paid give way to that one line.
 */
export function invoiceLinesOf(order: TOrder): TInvoiceLine[] {
  const context = order.metadata.context ?? {};
  let lines: TInvoiceLine[] = [];
  if (order.kind === 'basket') {
    const items = (context.lines ?? []) as TBasketQuoteLine[];
    const fee = Number(context.processingFeeCents ?? order.amountCents - (order.metadata.payment?.grossCents ?? 0));
    lines = items.map((item) =>
      line(`${item.title} (sold by ${item.sellerName})`, item.quantity, item.unitPriceCents, item.lineTotalCents),
    );
    // Money the platform collects for the payee (a school's fees): its own line, and no VAT of the
    // platform's on it (the payee's own invoices say whether it charges VAT).
    const collected = context.collectedForPayee as { description?: unknown; amountCents?: unknown } | undefined;
    if (collected && typeof collected.description === 'string' && Number.isSafeInteger(collected.amountCents)) {
      const amount = collected.amountCents as number;
      lines.push({
        description: collected.description,
        quantity: 1,
        unitCents: amount,
        totalCents: amount,
        vatCents: 0,
      });
    }
    if (fee > 0) lines.push(line(PROCESSING_FEE_LABEL, 1, fee));
  } else if (order.kind === 'registration') {
    const types = (context.businessPartnerTypes ?? []) as TBusinessPartnerType[];
    lines = types.map((type) =>
      line(
        `Business partner registration: ${BUSINESS_PARTNER_TYPES.find((t) => t.id === type)?.label ?? type}`,
        1,
        PARTNER_REGISTRATION_FEES_CENTS[type] ?? 0,
      ),
    );
  }
  const sum = lines.reduce((total, l) => total + l.totalCents, 0);
  if (lines.length === 0 || sum !== order.amountCents || lines.some((l) => !Number.isSafeInteger(l.totalCents))) {
    return [line(order.description, 1, order.amountCents)];
  }
  return lines;
}

/**
 * Issues the invoice of a paid order, inside its credit transaction; once per order. Orders of
 * R0 (a card set-up) and orders without a signed-in buyer get none. The invoice's VAT is the sum
 * of its lines' VAT, so the totals match the lines printed.
 */
export async function issueInvoice(tx: DbExecutor, order: TOrder): Promise<void> {
  if (order.amountCents <= 0 || !order.buyerUserId) return;
  const [buyer] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, order.buyerUserId));
  if (!buyer) return;
  const lines = invoiceLinesOf(order);
  await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      buyerUserId: order.buyerUserId,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      description: order.description,
      totalCents: order.amountCents,
      vatCents: lines.reduce((total, l) => total + l.vatCents, 0),
      lines,
    })
    .onConflictDoNothing({ target: invoices.orderId });
}

/** The user's orders (newest first) with their invoice, for /payments. */
export async function listPaymentsOf(db: DbExecutor, userId: string) {
  const rows = await db
    .select({ order: paymentOrders, invoice: invoices })
    .from(paymentOrders)
    .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
    .where(eq(paymentOrders.buyerUserId, userId))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(200);
  return rows;
}

/** Who issues the platform's tax invoices: Sekolo, with its VAT number from the configuration. */
export type TInvoiceSupplier = { vatNumber: string };

/** The invoice as a PDF, for its owner only (anyone else: 404, as if it did not exist). */
export async function invoicePdfFor(
  db: DbExecutor,
  supplier: TInvoiceSupplier,
  userId: string,
  invoiceId: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const [row] = await db
    .select({ invoice: invoices, order: paymentOrders })
    .from(invoices)
    .innerJoin(paymentOrders, eq(paymentOrders.id, invoices.orderId))
    .where(eq(invoices.id, invoiceId));
  if (!row || row.invoice.buyerUserId !== userId) throw notFound('There is no such invoice.');
  return {
    filename: `${invoiceNumberLabel(row.invoice.number)}.pdf`,
    pdf: await renderInvoicePdf(row.invoice, row.order, supplier),
  };
}

function dateOf(date: Date): string {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** An invoice's lines: as issued, or its whole order as one line for an invoice kept without them. */
export function linesOfInvoice(invoice: TInvoice): TInvoiceLine[] {
  if (invoice.lines.length > 0) return invoice.lines;
  return [
    {
      description: invoice.description,
      quantity: 1,
      unitCents: invoice.totalCents,
      totalCents: invoice.totalCents,
      vatCents: invoice.vatCents,
    },
  ];
}

const A4: [number, number] = [595.28, 841.89];
const LINE_DESCRIPTION_CHARS = 58;

/**
 * An A4 tax invoice: the supplier with its VAT number, the buyer, the reference, one row per line
 * (quantity, unit price, VAT and amount, all VAT-inclusive) and the totals with the VAT they
 * include. Long invoices continue on further pages.
 */
export async function renderInvoicePdf(
  invoice: TInvoice,
  order: TOrder,
  supplier: TInvoiceSupplier,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const number = invoiceNumberLabel(invoice.number);
  doc.setTitle(`Sekolo tax invoice ${number}`);
  doc.setAuthor('Sekolo');
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);
  let page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.35, 0.4, 0.47);
  let y = 790;
  const text = (value: string, x: number, options: { size?: number; font?: typeof regular; color?: typeof ink } = {}) =>
    page.drawText(value, {
      x,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
  const right = (value: string, xRight: number, options: { size?: number; font?: typeof regular } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    page.drawText(value, { x: xRight - font.widthOfTextAtSize(value, size), y, size, font, color: ink });
  };

  text('Sekolo', 50, { size: 22, font: bold });
  right('TAX INVOICE', 545, { size: 16, font: bold });
  y -= 22;
  right(number, 545, { size: 11 });
  y -= 8;
  for (const supplierLine of [
    CONTACT.address.street,
    `${CONTACT.address.suburb}, ${CONTACT.address.city}, ${CONTACT.address.postalCode}`,
    CONTACT.address.country,
    CONTACT.email,
    `VAT number ${supplier.vatNumber}`,
  ]) {
    y -= 14;
    text(supplierLine, 50, { color: muted });
  }
  y -= 36;
  text('Bill to', 50, { font: bold });
  text('Invoice details', 330, { font: bold });
  const details: [string, string][] = [
    ['Invoice number', number],
    ['Date', dateOf(invoice.issuedAt)],
    ['Reference', order.reference],
    ['Paid', order.paidAt ? dateOf(order.paidAt) : dateOf(invoice.issuedAt)],
  ];
  const buyerLines = [invoice.buyerName, invoice.buyerEmail];
  for (let i = 0; i < Math.max(details.length, buyerLines.length); i++) {
    y -= 15;
    if (buyerLines[i]) text(buyerLines[i]!, 50);
    if (details[i]) {
      text(details[i]![0], 330, { color: muted });
      right(details[i]![1], 545);
    }
  }
  y -= 40;
  const header = () => {
    page.drawRectangle({ x: 50, y: y - 6, width: 495, height: 22, color: rgb(0.94, 0.96, 0.97) });
    text('Description', 58, { font: bold });
    right('Qty', 330, { font: bold });
    right('Unit price', 400, { font: bold });
    right('VAT', 465, { font: bold });
    right('Amount', 537, { font: bold });
    y -= 24;
  };
  header();
  for (const item of linesOfInvoice(invoice)) {
    if (y < 150) {
      page = doc.addPage(A4);
      y = 790;
      text(`${number} (continued)`, 50, { color: muted });
      y -= 30;
      header();
    }
    const description =
      item.description.length > LINE_DESCRIPTION_CHARS
        ? `${item.description.slice(0, LINE_DESCRIPTION_CHARS - 3)}...`
        : item.description;
    text(description, 58);
    right(String(item.quantity), 330);
    right(formatZar(item.unitCents), 400);
    right(formatZar(item.vatCents), 465);
    right(formatZar(item.totalCents), 537);
    y -= 18;
  }
  y -= 12;
  page.drawLine({ start: { x: 330, y: y + 14 }, end: { x: 545, y: y + 14 }, thickness: 0.5, color: muted });
  const totals: [string, string, boolean][] = [
    ['Total excluding VAT', formatZar(invoice.totalCents - invoice.vatCents), false],
    [`VAT (${VAT_RATE_PERCENT}%, included)`, formatZar(invoice.vatCents), false],
    ['Total (VAT included)', formatZar(invoice.totalCents), true],
  ];
  for (const [label, value, strong] of totals) {
    text(label, 330, { font: strong ? bold : regular });
    right(value, 537, { font: strong ? bold : regular });
    y -= 16;
  }
  y -= 30;
  text(
    `All amounts are in South African rand and include VAT at ${VAT_RATE_PERCENT}%. Thank you for using Sekolo.`,
    50,
    {
      size: 9,
      color: muted,
    },
  );
  return doc.save({ useObjectStreams: false });
}
