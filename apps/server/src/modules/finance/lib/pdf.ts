import { clip, writer } from '../../../platform/lib/pdf-writer.ts';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TFeePayment, TStatement } from '@sekolo/shared/schemas/finance';

/** The statement and receipt PDFs (A4, Helvetica): what the school prints or mails to a family. */

export async function statementPdf(statement: TStatement): Promise<Uint8Array> {
  const { doc, w } = await writer();
  doc.setTitle(`Statement ${statement.account.accountNumber}`);
  w.text(statement.schoolName, 40, { size: 16, bold: true });
  w.down(22);
  w.text('Statement of account', 40, { size: 12, bold: true });
  w.text(`Account ${statement.account.accountNumber}`, 555, { size: 10, right: true });
  w.down(16);
  w.text(statement.account.guardian.name, 40, { size: 10 });
  w.text(`${statement.from ? `${formatDate(statement.from)} to ` : 'To '}${formatDate(statement.to)}`, 555, {
    size: 10,
    right: true,
  });
  w.down(14);
  if (statement.account.learners.length)
    w.text(`Learners: ${statement.account.learners.map((l) => `${l.name} (${l.admissionNumber})`).join(', ')}`, 40);
  w.down(24);
  for (const [label, x, right] of [
    ['Date', 40, false],
    ['Reference', 100, false],
    ['Description', 165, false],
    ['Debit', 430, true],
    ['Credit', 490, true],
    ['Balance', 555, true],
  ] as const)
    w.text(label, x, { bold: true, right });
  w.down();
  w.rule();
  if (statement.from) {
    w.text('Opening balance', 165);
    w.text(formatZar(statement.openingBalanceCents), 555, { right: true });
    w.down();
  }
  for (const line of statement.lines) {
    w.text(formatDate(line.date), 40);
    w.text(line.reference, 100);
    w.text(clip(line.description, 58), 165);
    if (line.debitCents) w.text(formatZar(line.debitCents), 430, { right: true });
    if (line.creditCents) w.text(formatZar(line.creditCents), 490, { right: true });
    w.text(formatZar(line.balanceCents), 555, { right: true });
    w.down();
  }
  w.rule();
  w.down(4);
  w.text(statement.closingBalanceCents < 0 ? 'Credit on the account' : 'Balance owing', 165, { bold: true });
  w.text(formatZar(Math.abs(statement.closingBalanceCents)), 555, { bold: true, right: true });
  w.down(28);
  w.text(`Please use ${statement.account.accountNumber} as the reference of every EFT payment.`, 40);
  return doc.save();
}

export async function receiptPdf(schoolName: string, payment: TFeePayment): Promise<Uint8Array> {
  const { doc, w } = await writer();
  doc.setTitle(`Receipt ${payment.receiptNumber}`);
  w.text(schoolName, 40, { size: 16, bold: true });
  w.down(22);
  w.text(`Receipt ${payment.receiptNumber}`, 40, { size: 12, bold: true });
  w.text(formatDate(payment.receivedOn), 555, { size: 10, right: true });
  w.down(22);
  const rows: [string, string][] = [
    ['Received from', payment.payerName],
    ['Account', payment.accountNumber],
    [
      'Method',
      { eft: 'EFT', cash: 'Cash', card_machine: 'Card machine', debit_order: 'Debit order', online: 'Online' }[
        payment.method
      ],
    ],
    ['Reference', payment.reference],
    ['Amount', formatZar(payment.amountCents)],
  ];
  for (const [label, value] of rows) {
    w.text(label, 40, { bold: true });
    w.text(value, 160);
    w.down();
  }
  w.down(10);
  if (payment.allocations.length) {
    w.text('Paid against', 40, { bold: true });
    w.down();
    for (const a of payment.allocations) {
      w.text(a.invoiceNumber, 60);
      w.text(formatZar(a.amountCents), 300, { right: true });
      w.down();
    }
  }
  if (payment.unallocatedCents > 0) {
    w.text('Left as credit on the account', 60);
    w.text(formatZar(payment.unallocatedCents), 300, { right: true });
    w.down();
  }
  return doc.save();
}
