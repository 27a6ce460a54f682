import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import { formatZar } from '@sekolo/shared/domain/money';
import { clip, writer } from '../../../platform/lib/pdf-writer.ts';
import type { TInvoiceDocument, TPayoutStatement } from '../use-cases/read-fee-documents.ts';

/** An invoice as a PDF: "Tax Invoice" with the VAT of each line when the school is VAT-registered, else "Invoice". */
export async function invoicePdf(d: TInvoiceDocument): Promise<Uint8Array> {
  const { doc, w } = await writer();
  const title = d.vatNumber ? 'Tax Invoice' : 'Invoice';
  doc.setTitle(`${title} ${d.invoice.number}`);
  w.text(d.school.name, 40, { size: 16, bold: true });
  w.text(title, 555, { size: 16, bold: true, right: true });
  w.down(18);
  for (const line of d.school.address) {
    w.text(line, 40);
    w.down(12);
  }
  if (d.school.phone || d.school.email) {
    w.text([d.school.phone, d.school.email].filter(Boolean).join('  '), 40);
    w.down(12);
  }
  if (d.vatNumber) {
    w.text(`VAT registration number: ${d.vatNumber}`, 40, { bold: true });
    w.down(12);
  }
  w.down(10);
  const facts: [string, string][] = [
    ['Invoice number', d.invoice.number],
    ['Date of issue', formatDate(d.invoice.issuedOn)],
    ['Due date', formatDate(d.invoice.dueOn)],
    ['Bill to', d.payer.name],
    ['Account', d.payer.accountNumber],
    ['Learner', `${d.invoice.learner.name} (${d.invoice.learner.admissionNumber})`],
  ];
  for (const [label, value] of facts) {
    w.text(label, 40, { bold: true });
    w.text(value, 150);
    w.down(13);
  }
  w.down(14);
  const columns: [string, number, boolean][] = d.vatNumber
    ? [
        ['Description', 40, false],
        ['Qty', 285, true],
        ['Excl. VAT', 365, true],
        ['VAT 15 %', 435, true],
        ['Amount', 555, true],
      ]
    : [
        ['Description', 40, false],
        ['Qty', 285, true],
        ['Before discount', 375, true],
        ['Discount', 455, true],
        ['Amount', 555, true],
      ];
  for (const [label, x, right] of columns) w.text(label, x, { bold: true, right });
  w.down();
  w.rule();
  for (const line of d.lines) {
    w.text(clip(line.description, 46), 40);
    w.text('1', 285, { right: true });
    if (d.vatNumber) {
      w.text(formatZar(line.amountCents - line.vatCents), 365, { right: true });
      w.text(line.vatable ? formatZar(line.vatCents) : 'Exempt', 435, { right: true });
    } else {
      w.text(formatZar(line.grossCents), 375, { right: true });
      if (line.discountCents) w.text(`-${formatZar(line.discountCents)}`, 455, { right: true });
    }
    w.text(formatZar(line.amountCents), 555, { right: true });
    w.down();
  }
  w.rule();
  w.down(4);
  if (d.vatNumber) {
    w.text('Total excluding VAT', 365, { right: true });
    w.text(formatZar(d.invoice.totalCents - d.vatCents), 555, { right: true });
    w.down();
    w.text('VAT at 15 %', 365, { right: true });
    w.text(formatZar(d.vatCents), 555, { right: true });
    w.down();
  }
  w.text('Total', 365, { bold: true, right: true });
  w.text(formatZar(d.invoice.totalCents), 555, { bold: true, right: true });
  w.down();
  for (const note of d.invoice.creditNotes) {
    w.text(`Credit note ${note.number} (${clip(note.reason, 40)})`, 365, { right: true });
    w.text(`-${formatZar(note.amountCents)}`, 555, { right: true });
    w.down();
  }
  if (d.invoice.paidCents) {
    w.text('Paid', 365, { right: true });
    w.text(`-${formatZar(d.invoice.paidCents)}`, 555, { right: true });
    w.down();
  }
  w.text('Amount due', 365, { bold: true, right: true });
  w.text(formatZar(Math.max(d.invoice.openCents, 0)), 555, { bold: true, right: true });
  w.down(28);
  if (d.vatNumber && d.lines.some((l) => !l.vatable)) {
    w.text('Lines marked Exempt are exempt supplies of educational services (VAT Act s12(h)).', 40);
    w.down();
  }
  w.text(`Please use ${d.payer.accountNumber} as the reference of every EFT payment.`, 40);
  return doc.save();
}

/** A payout's statement: each online collection it pays out, its 5 % fee, and the net to the bank. */
export async function payoutStatementPdf(s: TPayoutStatement): Promise<Uint8Array> {
  const { doc, w } = await writer();
  doc.setTitle(`Payout statement ${s.payout.paidOn}`);
  w.text(s.schoolName, 40, { size: 16, bold: true });
  w.down(22);
  w.text('Payout statement: online school fee payments', 40, { size: 12, bold: true });
  w.text(formatDate(s.payout.paidOn), 555, { size: 10, right: true });
  w.down(16);
  w.text(
    `${s.payout.schedule === 'weekly' ? 'Weekly payout' : 'Immediate payout'}${s.bankAccount ? ` to ${s.bankAccount}` : ''}`,
    40,
  );
  w.down(24);
  for (const [label, x, right] of [
    ['Date', 40, false],
    ['Receipt', 100, false],
    ['Account', 165, false],
    ['Paid by', 225, false],
    ['Fee paid', 420, true],
    ['Commission 5 %', 490, true],
    ['Net', 555, true],
  ] as const)
    w.text(label, x, { bold: true, right });
  w.down();
  w.rule();
  for (const c of s.collections) {
    w.text(formatDate(c.receivedOn), 40);
    w.text(c.receiptNumber, 100);
    w.text(c.accountNumber, 165);
    w.text(clip(c.payerName, 30), 225);
    w.text(formatZar(c.amountCents), 420, { right: true });
    w.text(`-${formatZar(c.commissionCents)}`, 490, { right: true });
    w.text(formatZar(c.netCents), 555, { right: true });
    w.down();
  }
  w.rule();
  w.down(4);
  const totals: [string, string, boolean][] = [
    [`Collections (${s.collections.length})`, formatZar(s.payout.amountCents), false],
    [`Payout fee (${s.payout.schedule})`, `-${formatZar(s.payout.feeCents)}`, false],
    ['Net paid to the school', formatZar(s.payout.amountCents - s.payout.feeCents), true],
  ];
  for (const [label, value, bold] of totals) {
    w.text(label, 420, { right: true, bold });
    w.text(value, 555, { right: true, bold });
    w.down();
  }
  return doc.save();
}
