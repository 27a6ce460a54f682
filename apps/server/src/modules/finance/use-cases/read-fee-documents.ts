import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { feePayouts } from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { readProfile } from '../../school-settings/index.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { accountViews } from '../lib/views.ts';
import { getInvoice } from './manage-invoices.ts';
import { readFinanceSettings } from './manage-finance-settings.ts';
import { myAccount } from './pay-online.ts';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { FINANCE_MESSAGES as M, type TInvoiceDetail } from '@sekolo/shared/schemas/finance';

/**
 * What the school's fee documents say: an invoice (a tax invoice when the school is VAT-registered
 * and has a VAT number: VAT Act s20(4): the words "Tax Invoice", the supplier's name, address and
 * VAT number, the recipient, a serial number, the date, each line's description, value and VAT),
 * and a payout's statement (the online collections it pays out, each with its fee, and the net).
 */

export { VAT_RATE_BPS, vatIn } from '../lib/vat.ts';

export type TInvoiceDocument = {
  invoice: TInvoiceDetail;
  school: { name: string; address: string[]; phone: string; email: string };
  /** The VAT number when the invoice is a tax invoice; null for a plain invoice. */
  vatNumber: string | null;
  payer: { name: string; accountNumber: string };
  lines: {
    description: string;
    grossCents: number;
    discountCents: number;
    amountCents: number;
    /** Standard-rated (VAT included in the amount) or exempt. */
    vatable: boolean;
    vatCents: number;
  }[];
  vatCents: number;
};

export async function invoiceDocument(
  db: DbExecutor,
  organizationId: string,
  invoiceId: string,
): Promise<TInvoiceDocument> {
  const invoice = await getInvoice(db, organizationId, invoiceId);
  const [settings, profile, [account]] = await Promise.all([
    readFinanceSettings(db, organizationId),
    readProfile(db, organizationId),
    accountViews(db, organizationId, todayInSouthAfrica(), { accountIds: [invoice.accountId] }),
  ]);
  const taxInvoice = settings.vatRegistered && settings.vatNumber.trim() !== '';
  const lineRows = rowsOf<{
    description: string;
    gross_cents: number;
    discount_cents: number;
    amount_cents: number;
    vat_applicable: boolean;
    vat_cents: number;
  }>(
    await db.execute(sql`
      SELECT l.description, l.gross_cents, l.discount_cents, l.amount_cents, l.vat_applicable, l.vat_cents
      FROM fee_invoice_lines l
      WHERE l.invoice_id = ${invoiceId}::uuid AND l.organization_id = ${organizationId}::uuid
      ORDER BY l.description`),
  );
  const lines = lineRows.map((l) => {
    const vatable = taxInvoice && Boolean(l.vat_applicable);
    const amount = Number(l.amount_cents);
    return {
      description: l.description,
      grossCents: Number(l.gross_cents),
      discountCents: Number(l.discount_cents),
      amountCents: amount,
      vatable,
      // The line's VAT as it was invoiced: a fee item's flag changed later leaves it as it was.
      vatCents: vatable ? Number(l.vat_cents) : 0,
    };
  });
  return {
    invoice,
    school: {
      name: profile.name,
      address: [profile.streetAddress, profile.suburb, [profile.city, profile.postalCode].filter(Boolean).join(' ')]
        .map((part) => part.trim())
        .filter(Boolean),
      phone: profile.phone,
      email: profile.email,
    },
    vatNumber: taxInvoice ? settings.vatNumber.trim() : null,
    payer: { name: account?.guardian.name ?? '', accountNumber: invoice.accountNumber },
    lines,
    vatCents: lines.reduce((sum, l) => sum + l.vatCents, 0),
  };
}

/** The parent's own invoice only: another family's is not found. */
export async function myInvoiceDocument(db: DbExecutor, caller: TFinanceCaller, invoiceId: string) {
  const document = await invoiceDocument(db, caller.organizationId, invoiceId);
  await myAccount(db, caller, document.invoice.accountId).catch(() => {
    throw notFound(M.invoiceNotFound);
  });
  return document;
}

export type TPayoutStatement = {
  schoolName: string;
  payout: { id: string; schedule: 'weekly' | 'immediate'; paidOn: string; amountCents: number; feeCents: number };
  bankAccount: string | null;
  collections: {
    receivedOn: string;
    receiptNumber: string;
    accountNumber: string;
    payerName: string;
    /** What the parent paid towards fees. */
    amountCents: number;
    /** The platform's 5 % commission (§9). */
    commissionCents: number;
    /** What the school receives of it. */
    netCents: number;
  }[];
};

/**
 * A payout's statement: the online collections whose journals reached the school's balance with
 * the platform after the previous payout and up to this one (a payout pays out everything held,
 * under the school's payout lock, so the collections between two payouts are exactly its own).
 */
export async function payoutStatement(
  db: DbExecutor,
  organizationId: string,
  schoolName: string,
  payoutId: string,
): Promise<TPayoutStatement> {
  const [payout] = await db
    .select()
    .from(feePayouts)
    .where(and(eq(feePayouts.id, payoutId), eq(feePayouts.organizationId, organizationId)));
  if (!payout) throw notFound('This payout was not found.');
  const [previous] = await db
    .select({ createdAt: feePayouts.createdAt })
    .from(feePayouts)
    .where(and(eq(feePayouts.organizationId, organizationId), lt(feePayouts.createdAt, payout.createdAt)))
    .orderBy(desc(feePayouts.createdAt))
    .limit(1);
  const rows = rowsOf<{
    received_on: string;
    receipt_number: string;
    account_number: string;
    first_name: string;
    last_name: string;
    amount_cents: number;
    net_cents: string;
  }>(
    await db.execute(sql`
      SELECT p.received_on::text AS received_on, p.receipt_number, a.account_number, g.first_name, g.last_name,
        p.amount_cents, e.amount_cents AS net_cents
      FROM fee_payments p
      JOIN ledger_journals j ON j.id = p.journal_id
      JOIN ledger_entries e ON e.journal_id = j.id AND e.account_code = 'school_due_from_platform'
      JOIN family_accounts a ON a.id = p.account_id
      JOIN guardians g ON g.id = a.guardian_id
      WHERE p.organization_id = ${organizationId}::uuid AND p.method = 'online'
        AND j.created_at <= ${payout.createdAt.toISOString()}::timestamptz
        ${previous ? sql`AND j.created_at > ${previous.createdAt.toISOString()}::timestamptz` : sql``}
      ORDER BY p.received_on, p.receipt_number`),
  );
  const [bank] = rowsOf<{ bank_name: string; account_number: string }>(
    await db.execute(sql`
      SELECT bank_name, account_number FROM school_payout_accounts WHERE id = ${payout.payoutAccountId}::uuid`),
  ).map((r) => ({ bank_name: r.bank_name, account_number: r.account_number }));
  return {
    schoolName,
    payout: {
      id: payout.id,
      schedule: payout.schedule as 'weekly' | 'immediate',
      paidOn: payout.createdAt.toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' }),
      amountCents: payout.amountCents,
      feeCents: payout.feeCents,
    },
    bankAccount: bank ? `${bank.bank_name} ****${bank.account_number.slice(-4)}` : null,
    collections: rows.map((r) => {
      const net = Number(r.net_cents);
      return {
        receivedOn: r.received_on,
        receiptNumber: r.receipt_number,
        accountNumber: r.account_number,
        payerName: `${r.first_name} ${r.last_name}`.trim(),
        amountCents: Number(r.amount_cents),
        commissionCents: Number(r.amount_cents) - net,
        netCents: net,
      };
    }),
  };
}
