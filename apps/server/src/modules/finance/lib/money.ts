import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { feeAllocations, feeCreditNotes, feePayments } from '../../../platform/db/schema/index.ts';
import type { TLineDiscount } from '../../../platform/db/schema/finance.ts';
import { postJournal, postJournals } from '../../ledger/index.ts';
import {
  allocationEntries,
  bankedPaymentEntries,
  creditNoteEntries,
  invoiceEntries,
  onlinePaymentEntries,
} from './ledger-lines.ts';
import { nextNumber, nextNumbers } from './numbers.ts';
import { timeOrderedUuid } from '../../../platform/db/time-ordered-uuid.ts';
import { lockAccount, lockAccounts, recomputeAccountAges } from './ages.ts';
import { vatIn } from './vat.ts';
import { formatZar } from '@sekolo/shared/domain/money';
import { notifyEach } from '../../notifications/index.ts';

const DAY = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const days = new Map<string, string>();
/** A school day ('2026-02-07') as a parent reads it: 7 February 2026 (kept: a run words the same few days for every invoice). */
function dayOf(isoDate: string): string {
  let day = days.get(isoDate);
  if (day === undefined) {
    day = DAY.format(new Date(`${isoDate}T00:00:00Z`));
    if (days.size < 10_000) days.set(isoDate, day);
  }
  return day;
}

/**
 * The money events of a family account, each one transaction with its balanced journal (modules/
 * ledger): an invoice, a credit note, a payment, and the allocation of the family's credit to its
 * oldest open invoices. Every function runs in the caller's transaction and takes the account's
 * lock, so two events of one family never interleave.
 */

export { lockAccount };

export type TNewInvoiceLine = {
  /** The fee item billed, or null for a one-off charge (which names its sourceRef). */
  itemId: string | null;
  /** A one-off charge's unique origin: the same source is billed once. */
  sourceRef?: string | null;
  instalment: number;
  instalments: number;
  description: string;
  itemKind: string;
  grossCents: number;
  discountCents: number;
  discounts: TLineDiscount[];
  /** The fee item's VAT flag when invoiced (standard-rated: VAT included in the amount). */
  vatApplicable?: boolean;
};

export type TNewInvoice = {
  accountId: string;
  learnerId: string;
  year: number;
  issuedOn: string;
  dueOn: string;
  runId?: string | null;
  lines: TNewInvoiceLine[];
};

/**
 * Issues invoices (numbered in one go) and posts each one's journal. A line already billed (the
 * learner × item × instalment key) is skipped by the caller; here the unique index refuses it.
 * However many invoices, it is a few statements: the numbers, the journals (modules/ledger, in
 * bulk), the invoices with their journal and their lines (one statement), the guardians' notices.
 */
export async function issueInvoices(tx: DbExecutor, organizationId: string, invoices: TNewInvoice[]) {
  if (invoices.length === 0) return [];
  const accountIds = invoices.map((inv) => inv.accountId);
  await lockAccounts(tx, organizationId, accountIds);
  const numbers = await nextNumbers(tx, organizationId, 'invoice', invoices.length);
  const created = invoices.map((inv, i) => ({
    id: timeOrderedUuid(),
    number: numbers[i]!,
    accountId: inv.accountId,
    totalCents: inv.lines.reduce((sum, l) => sum + l.grossCents - l.discountCents, 0),
  }));
  // The journals first, so each invoice is written once, naming its journal.
  const journals = await postJournals(
    tx,
    invoices.flatMap((inv, i) => {
      const gross = inv.lines.reduce((sum, l) => sum + l.grossCents, 0);
      const discount = inv.lines.reduce((sum, l) => sum + l.discountCents, 0);
      if (gross === 0) return [];
      return [
        {
          kind: 'fee_invoice' as const,
          reference: created[i]!.id,
          description: `Invoice ${created[i]!.number}`,
          entries: invoiceEntries(organizationId, inv.accountId, gross, discount),
        },
      ];
    }),
  );
  const journalOf = new Map(journals.map((j) => [j.reference, j.id]));
  // A batch goes in as one JSON parameter per table: a large school's run is thousands of rows.
  // Read as json, not jsonb: PostgreSQL takes the rows apart as it parses them, without building jsonb first.
  const invoiceRows = invoices.map((inv, i) => ({
    id: created[i]!.id,
    number: created[i]!.number,
    account_id: inv.accountId,
    learner_id: inv.learnerId,
    run_id: inv.runId ?? null,
    year: inv.year,
    issued_on: inv.issuedOn,
    due_on: inv.dueOn,
    total_cents: created[i]!.totalCents,
    journal_id: journalOf.get(created[i]!.id) ?? null,
  }));
  const lineRows = invoices.flatMap((inv, i) =>
    inv.lines.map((line) => ({
      id: timeOrderedUuid(),
      invoice_id: created[i]!.id,
      learner_id: inv.learnerId,
      item_id: line.itemId,
      source_ref: line.sourceRef ?? null,
      instalment: line.instalment,
      instalments: line.instalments,
      description: line.description,
      item_kind: line.itemKind,
      gross_cents: line.grossCents,
      discount_cents: line.discountCents,
      amount_cents: line.grossCents - line.discountCents,
      discounts: line.discounts,
      vat_applicable: line.vatApplicable ?? false,
      vat_cents: line.vatApplicable ? vatIn(line.grossCents - line.discountCents) : 0,
    })),
  );
  await tx.execute(sql`
    WITH invoices AS (
      INSERT INTO fee_invoices (id, organization_id, number, account_id, learner_id, run_id, year, issued_on, due_on, total_cents, journal_id)
      SELECT x.id, ${organizationId}::uuid, x.number, x.account_id, x.learner_id, x.run_id, x.year, x.issued_on, x.due_on, x.total_cents, x.journal_id
      FROM json_to_recordset(${JSON.stringify(invoiceRows)}::json) AS x(id uuid, number text, account_id uuid, learner_id uuid,
        run_id uuid, year smallint, issued_on date, due_on date, total_cents integer, journal_id uuid)
    )
    INSERT INTO fee_invoice_lines (id, organization_id, invoice_id, learner_id, item_id, source_ref, instalment, instalments, description,
      item_kind, gross_cents, discount_cents, amount_cents, discounts, vat_applicable, vat_cents)
    SELECT x.id, ${organizationId}::uuid, x.invoice_id, x.learner_id, x.item_id, x.source_ref, x.instalment, x.instalments, x.description,
      x.item_kind, x.gross_cents, x.discount_cents, x.amount_cents, x.discounts, x.vat_applicable, x.vat_cents
    FROM json_to_recordset(${JSON.stringify(lineRows)}::json) AS x(id uuid, invoice_id uuid, learner_id uuid, item_id uuid, source_ref text, instalment smallint,
      instalments smallint, description text, item_kind text, gross_cents integer, discount_cents integer, amount_cents integer, discounts jsonb,
      vat_applicable boolean, vat_cents integer)`);
  await recomputeAccountAges(tx, organizationId, accountIds);
  // The paying guardian hears of each invoice (the notification centre; e-mail as they choose).
  const notices = invoices.map((inv, i) => ({
    key: `invoice:${created[i]!.id}`,
    account_id: inv.accountId,
    title: `New invoice ${created[i]!.number}: ${formatZar(created[i]!.totalCents)}`,
    body: `Invoice ${created[i]!.number} of ${formatZar(created[i]!.totalCents)} is due on ${dayOf(inv.dueOn)}.`,
  }));
  await notifyEach(tx, null, {
    organizationId,
    kind: 'invoice',
    events: sql`select x.key as event_key, g.user_id, x.title, x.body, '/dashboard/parent/finance' as link
      from json_to_recordset(${JSON.stringify(notices)}::json) as x(key text, account_id uuid, title text, body text)
      join family_accounts as a on a.id = x.account_id and a.organization_id = ${organizationId}
      join guardians as g on g.id = a.guardian_id
      where g.user_id is not null`,
  });
  return created;
}

export type TInvoiceAmounts = {
  id: string;
  accountId: string;
  totalCents: number;
  creditedCents: number;
  allocatedCents: number;
};

export async function invoiceAmounts(
  tx: DbExecutor,
  organizationId: string,
  invoiceId: string,
): Promise<TInvoiceAmounts | null> {
  const [row] = rowsOf<{ id: string; account_id: string; total_cents: number; credited: string; allocated: string }>(
    await tx.execute(sql`
      SELECT i.id, i.account_id, i.total_cents,
        (SELECT coalesce(sum(amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id) AS credited,
        (SELECT coalesce(sum(amount_cents), 0) FROM fee_allocations a WHERE a.invoice_id = i.id) AS allocated
      FROM fee_invoices i WHERE i.id = ${invoiceId}::uuid AND i.organization_id = ${organizationId}::uuid`),
  );
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    totalCents: Number(row.total_cents),
    creditedCents: Number(row.credited),
    allocatedCents: Number(row.allocated),
  };
}

/**
 * A credit note of `amountCents` (at most what is left to credit). What was open on the invoice
 * comes off the debt first; the rest had been paid, and goes back to the family's credit, which is
 * then set against the family's other open invoices.
 */
export async function creditInvoice(
  tx: DbExecutor,
  organizationId: string,
  input: { invoiceId: string; amountCents: number; reason: string; issuedOn: string; createdBy: string | null },
  errors: { notFound: () => Error; tooLarge: () => Error },
) {
  const before = await invoiceAmounts(tx, organizationId, input.invoiceId);
  if (!before) throw errors.notFound();
  await lockAccount(tx, organizationId, before.accountId);
  const amounts = (await invoiceAmounts(tx, organizationId, input.invoiceId))!;
  const creditable = amounts.totalCents - amounts.creditedCents;
  if (input.amountCents > creditable) throw errors.tooLarge();
  const open = amounts.totalCents - amounts.creditedCents - amounts.allocatedCents;
  const fromOpen = Math.min(input.amountCents, Math.max(open, 0));
  const toCredit = input.amountCents - fromOpen;
  const number = await nextNumber(tx, organizationId, 'credit_note');
  const [note] = await tx
    .insert(feeCreditNotes)
    .values({
      organizationId,
      number,
      invoiceId: input.invoiceId,
      accountId: amounts.accountId,
      amountCents: input.amountCents,
      reason: input.reason,
      issuedOn: input.issuedOn,
      createdBy: input.createdBy,
    })
    .returning();
  const { journal } = await postJournal(tx, {
    kind: 'fee_credit_note',
    reference: note!.id,
    description: `Credit note ${number}`,
    entries: creditNoteEntries(organizationId, amounts.accountId, fromOpen, toCredit),
  });
  await tx.update(feeCreditNotes).set({ journalId: journal.id }).where(eq(feeCreditNotes.id, note!.id));
  if (toCredit > 0) {
    // The invoice gives back what it was overpaid by; the allocation row says so (negative).
    await tx.insert(feeAllocations).values({
      organizationId,
      accountId: amounts.accountId,
      invoiceId: input.invoiceId,
      creditNoteId: note!.id,
      amountCents: -toCredit,
      journalId: journal.id,
    });
    await allocateCredit(tx, organizationId, amounts.accountId, null);
  }
  await recomputeAccountAges(tx, organizationId, [amounts.accountId]);
  return { ...note!, journalId: journal.id };
}

export type TNewPayment = {
  accountId: string;
  method: 'eft' | 'cash' | 'card_machine' | 'debit_order' | 'online';
  amountCents: number;
  reference: string;
  receivedOn: string;
  orderId?: string | null;
  bankLineKey?: string | null;
  createdBy?: string | null;
};

/**
 * Records a payment on a family account and allocates the family's credit to its oldest open
 * invoices; what is left stays as credit. An online payment's order, or a bank line's key, is
 * paid once: a second call answers the payment already recorded (`created: false`).
 */
export async function recordFeePayment(tx: DbExecutor, organizationId: string, input: TNewPayment) {
  await lockAccount(tx, organizationId, input.accountId);
  const existing = input.orderId
    ? await tx.select().from(feePayments).where(eq(feePayments.orderId, input.orderId))
    : input.bankLineKey
      ? await tx
          .select()
          .from(feePayments)
          .where(and(eq(feePayments.organizationId, organizationId), eq(feePayments.bankLineKey, input.bankLineKey)))
      : [];
  if (existing[0]) return { payment: existing[0], created: false };
  const receiptNumber = await nextNumber(tx, organizationId, 'receipt');
  const [payment] = await tx
    .insert(feePayments)
    .values({
      organizationId,
      receiptNumber,
      accountId: input.accountId,
      method: input.method,
      amountCents: input.amountCents,
      reference: input.reference,
      receivedOn: input.receivedOn,
      orderId: input.orderId ?? null,
      bankLineKey: input.bankLineKey ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  const { journal } = await postJournal(tx, {
    kind: 'fee_payment',
    reference: payment!.id,
    description: `Receipt ${receiptNumber}`,
    entries:
      input.method === 'online'
        ? onlinePaymentEntries(organizationId, input.accountId, input.amountCents)
        : bankedPaymentEntries(organizationId, input.accountId, input.amountCents),
  });
  const [stored] = await tx
    .update(feePayments)
    .set({ journalId: journal.id })
    .where(eq(feePayments.id, payment!.id))
    .returning();
  await allocateCredit(tx, organizationId, input.accountId, payment!.id);
  await notifyEach(tx, null, {
    organizationId,
    kind: 'payment',
    events: sql`select ${`payment:${payment!.id}`}::text as event_key, g.user_id,
      ${`Payment received: ${formatZar(input.amountCents)}`}::text as title,
      ${`Receipt ${receiptNumber}: thank you, ${formatZar(input.amountCents)} was received on ${dayOf(input.receivedOn)}.`}::text as body,
      '/dashboard/parent/finance' as link
      from family_accounts as a join guardians as g on g.id = a.guardian_id
      where a.id = ${input.accountId} and a.organization_id = ${organizationId} and g.user_id is not null`,
  });
  return { payment: stored!, created: true };
}

/** The family's credit not yet set against an invoice: what its credit lines hold. */
export async function creditOf(tx: DbExecutor, organizationId: string, accountId: string): Promise<number> {
  const [row] = rowsOf<{ sum: string }>(
    await tx.execute(sql`
      SELECT coalesce(sum(amount_cents), 0) AS sum FROM ledger_entries
      WHERE party_id = ${accountId}::uuid AND account_code = 'school_family_credit' AND organization_id = ${organizationId}`),
  );
  return -Number(row?.sum ?? 0);
}

/** The accounts among `accountIds` that hold credit (one query for a batch). */
export async function accountsWithCredit(
  tx: DbExecutor,
  organizationId: string,
  accountIds: string[],
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = rowsOf<{ party_id: string }>(
    await tx.execute(sql`
      SELECT party_id FROM ledger_entries
      WHERE account_code = 'school_family_credit' AND organization_id = ${organizationId} AND party_id IN (${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      GROUP BY party_id HAVING sum(amount_cents) < 0`),
  );
  return rows.map((r) => r.party_id);
}

/**
 * Sets the family's credit against its open invoices, the oldest due first, one allocation (and
 * journal) per invoice. `paymentId` names the payment that brought the credit, for its receipt.
 */
export async function allocateCredit(
  tx: DbExecutor,
  organizationId: string,
  accountId: string,
  paymentId: string | null,
) {
  await lockAccount(tx, organizationId, accountId);
  let credit = await creditOf(tx, organizationId, accountId);
  if (credit <= 0) return [];
  const open = rowsOf<{ id: string; open: string }>(
    await tx.execute(sql`
      SELECT i.id, i.total_cents
        - (SELECT coalesce(sum(amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id)
        - (SELECT coalesce(sum(amount_cents), 0) FROM fee_allocations a WHERE a.invoice_id = i.id) AS open
      FROM fee_invoices i
      WHERE i.organization_id = ${organizationId}::uuid AND i.account_id = ${accountId}::uuid
      ORDER BY i.due_on, i.created_at, i.number`),
  );
  const made: { invoiceId: string; amountCents: number }[] = [];
  for (const invoice of open) {
    if (credit <= 0) break;
    const due = Number(invoice.open);
    if (due <= 0) continue;
    const amount = Math.min(due, credit);
    const [allocation] = await tx
      .insert(feeAllocations)
      .values({ organizationId, accountId, invoiceId: invoice.id, paymentId, amountCents: amount })
      .returning({ id: feeAllocations.id });
    const { journal } = await postJournal(tx, {
      kind: 'fee_allocation',
      reference: allocation!.id,
      description: 'Payment allocated to invoice',
      entries: allocationEntries(organizationId, accountId, amount),
    });
    await tx.update(feeAllocations).set({ journalId: journal.id }).where(eq(feeAllocations.id, allocation!.id));
    credit -= amount;
    made.push({ invoiceId: invoice.id, amountCents: amount });
  }
  if (made.length > 0) await recomputeAccountAges(tx, organizationId, [accountId]);
  return made;
}
