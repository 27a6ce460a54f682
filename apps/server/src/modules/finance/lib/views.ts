import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { TFamilyAccount, TFeePayment, TInvoiceSummary } from '@sekolo/shared/schemas/finance';
import { namedStatement, rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { payerSql, type TOrgValue } from './accounts.ts';

/**
 * Reads of the finance screens: family accounts with their balance (the sum of their ledger
 * lines), what is overdue and due next; invoice summaries; payments with their allocations.
 */

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** Each invoice with what was credited, allocated and is still open. */
export const invoiceOpenSql = (organizationId: TOrgValue) => sql`
  SELECT i.*,
    (SELECT coalesce(sum(c.amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id)::bigint AS credited,
    (SELECT coalesce(sum(a.amount_cents), 0) FROM fee_allocations a WHERE a.invoice_id = i.id)::bigint AS allocated
  FROM fee_invoices i WHERE i.organization_id = ${organizationId}::uuid`;

type TInvoiceRow = {
  id: string;
  number: string;
  account_id: string;
  account_number: string;
  learner_id: string;
  first_name: string;
  last_name: string;
  grade: number;
  admission_number: string;
  issued_on: string;
  due_on: string;
  total_cents: number;
  credited: string;
  allocated: string;
};

export function toInvoiceSummary(row: TInvoiceRow): TInvoiceSummary {
  const credited = Number(row.credited);
  const paid = Number(row.allocated);
  const open = Number(row.total_cents) - credited - paid;
  return {
    id: row.id,
    number: row.number,
    accountId: row.account_id,
    accountNumber: row.account_number,
    learner: {
      id: row.learner_id,
      name: fullName(row.first_name, row.last_name),
      grade: gradeFromNumber(Number(row.grade)),
      admissionNumber: row.admission_number,
    },
    issuedOn: String(row.issued_on),
    dueOn: String(row.due_on),
    totalCents: Number(row.total_cents),
    creditedCents: credited,
    paidCents: paid,
    openCents: open,
    status:
      credited >= Number(row.total_cents) && Number(row.total_cents) > 0 ? 'credited' : open <= 0 ? 'paid' : 'open',
  };
}

export async function invoiceSummaries(
  db: DbExecutor,
  organizationId: string,
  where: SQL = sql`true`,
  page: { limit: number; offset: number } = { limit: 10_000, offset: 0 },
): Promise<{ invoices: TInvoiceSummary[]; total: number }> {
  const rows = rowsOf<TInvoiceRow & { total: string }>(
    await db.execute(sql`
      WITH inv AS (${invoiceOpenSql(organizationId)})
      SELECT inv.id, inv.number, inv.account_id, a.account_number, inv.learner_id, l.first_name, l.last_name, l.grade,
        l.admission_number, inv.issued_on::text AS issued_on, inv.due_on::text AS due_on, inv.total_cents, inv.credited, inv.allocated,
        count(*) OVER () AS total
      FROM inv JOIN family_accounts a ON a.id = inv.account_id JOIN learners l ON l.id = inv.learner_id
      WHERE ${where}
      ORDER BY inv.due_on DESC, inv.number DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  return { invoices: rows.map(toInvoiceSummary), total: Number(rows[0]?.total ?? 0) };
}

/** A json column: PGlite parses it, node-postgres may hand over its text. */
export function jsonOf<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

type TAccountRow = {
  id: string;
  account_number: string;
  guardian_id: string;
  g_first: string;
  g_last: string;
  email: string | null;
  balance: string;
  overdue: string;
  next_due_on: string | null;
  next_due: string | null;
  learners:
    { id: string; first_name: string; last_name: string; grade: number; admission_number: string }[] | string | null;
};

/** The accounts `only` and `mine` leave of a school's, as the screens show them (org and today as values or placeholders). */
const accountViewsSql = (org: TOrgValue, today: string | Placeholder, only: SQL, mine: SQL) => sql`
      WITH acc AS (
        SELECT a.id, a.account_number, a.guardian_id, g.first_name AS g_first, g.last_name AS g_last, g.email
        FROM family_accounts a JOIN guardians g ON g.id = a.guardian_id
        WHERE a.organization_id = ${org}::uuid ${only} ${mine}
      ), payer AS (
        -- The paying guardian of the learners linked to these accounts' guardians only (not the
        -- whole school's: one family's statement reads a few rows).
        ${payerSql(org, sql`SELECT x.learner_id FROM learner_guardians x WHERE x.guardian_id IN (SELECT guardian_id FROM acc)`)}
      ),
      kids AS (
        SELECT acc.id AS account_id, l.id, l.first_name, l.last_name, l.grade, l.admission_number, l.date_of_birth
        FROM acc JOIN payer p ON p.guardian_id = acc.guardian_id JOIN learners l ON l.id = p.learner_id
        UNION
        SELECT DISTINCT i.account_id, l.id, l.first_name, l.last_name, l.grade, l.admission_number, l.date_of_birth
        FROM fee_invoices i JOIN learners l ON l.id = i.learner_id
        WHERE i.organization_id = ${org}::uuid AND i.account_id IN (SELECT id FROM acc)
      ), inv AS (
        SELECT account_id, due_on, total_cents - credited - allocated AS open
        FROM (${invoiceOpenSql(org)}) x WHERE account_id IN (SELECT id FROM acc)
      ), next AS (
        SELECT DISTINCT ON (account_id) account_id, due_on FROM inv
        WHERE open > 0 AND due_on >= ${today}::date ORDER BY account_id, due_on
      )
      SELECT acc.*,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.party_id = acc.id) AS balance,
        (SELECT coalesce(sum(open), 0) FROM inv WHERE inv.account_id = acc.id AND inv.open > 0 AND inv.due_on < ${today}::date) AS overdue,
        next.due_on::text AS next_due_on,
        (SELECT sum(open) FROM inv WHERE inv.account_id = acc.id AND inv.open > 0 AND inv.due_on = next.due_on) AS next_due,
        (SELECT json_agg(json_build_object('id', k.id, 'first_name', k.first_name, 'last_name', k.last_name, 'grade', k.grade,
            'admission_number', k.admission_number) ORDER BY k.date_of_birth, k.id)
          FROM kids k WHERE k.account_id = acc.id) AS learners
      FROM acc LEFT JOIN next ON next.account_id = acc.id
      ORDER BY acc.g_last, acc.g_first, acc.account_number`;

/**
 * One family's account (its statement, its page), as a named statement: its plan is kept per
 * connection, and planning this statement costs more than running it for a family.
 */
const accountById = namedStatement<TAccountRow>(
  'finance_account_view',
  accountViewsSql(sql.placeholder('org'), sql.placeholder('today'), sql`AND a.id = ${sql.placeholder('account')}::uuid`, sql``),
);
const myAccountById = namedStatement<TAccountRow>(
  'finance_my_account_view',
  accountViewsSql(
    sql.placeholder('org'),
    sql.placeholder('today'),
    sql`AND a.id = ${sql.placeholder('account')}::uuid`,
    sql`AND g.user_id = ${sql.placeholder('userId')}`,
  ),
);

/** Family accounts of a school (all, or those `accountIds` names) as the screens show them. */
export async function accountViews(
  db: DbExecutor,
  organizationId: string,
  today: string,
  filter: { accountIds?: string[]; guardianUserId?: string } = {},
): Promise<TFamilyAccount[]> {
  if (filter.accountIds && filter.accountIds.length === 0) return [];
  let rows: TAccountRow[];
  if (filter.accountIds?.length === 1) {
    const values = { org: organizationId, today, account: filter.accountIds[0]! };
    rows = filter.guardianUserId
      ? await myAccountById(db, { ...values, userId: filter.guardianUserId })
      : await accountById(db, values);
  } else {
    const only = filter.accountIds
      ? sql`AND a.id IN (${sql.join(
          filter.accountIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const mine = filter.guardianUserId ? sql`AND g.user_id = ${filter.guardianUserId}` : sql``;
    rows = rowsOf<TAccountRow>(await db.execute(accountViewsSql(organizationId, today, only, mine)));
  }
  return rows.map((row) => ({
    id: row.id,
    accountNumber: row.account_number,
    guardian: { id: row.guardian_id, name: fullName(row.g_first, row.g_last), email: row.email },
    learners: jsonOf(row.learners).map((l) => ({
      id: l.id,
      name: fullName(l.first_name, l.last_name),
      grade: gradeFromNumber(Number(l.grade)),
      admissionNumber: l.admission_number,
    })),
    balanceCents: Number(row.balance),
    overdueCents: Number(row.overdue),
    nextDue: row.next_due_on ? { dueOn: String(row.next_due_on), amountCents: Number(row.next_due ?? 0) } : null,
  }));
}

type TPaymentRow = {
  id: string;
  receipt_number: string;
  account_id: string;
  account_number: string;
  g_first: string;
  g_last: string;
  method: string;
  amount_cents: number;
  reference: string;
  received_on: string;
  allocations: { invoiceId: string; invoiceNumber: string; amountCents: number }[] | string | null;
  total: string;
};

export async function paymentViews(
  db: DbExecutor,
  organizationId: string,
  where: SQL = sql`true`,
  page: { limit: number; offset: number } = { limit: 10_000, offset: 0 },
): Promise<{ payments: TFeePayment[]; total: number }> {
  const rows = rowsOf<TPaymentRow>(
    await db.execute(sql`
      SELECT p.id, p.receipt_number, p.account_id, a.account_number, g.first_name AS g_first, g.last_name AS g_last,
        p.method, p.amount_cents, p.reference, p.received_on::text AS received_on,
        (SELECT json_agg(json_build_object('invoiceId', i.id, 'invoiceNumber', i.number, 'amountCents', x.amount_cents) ORDER BY x.created_at)
          FROM fee_allocations x JOIN fee_invoices i ON i.id = x.invoice_id WHERE x.payment_id = p.id) AS allocations,
        count(*) OVER () AS total
      FROM fee_payments p JOIN family_accounts a ON a.id = p.account_id JOIN guardians g ON g.id = a.guardian_id
      WHERE p.organization_id = ${organizationId}::uuid AND ${where}
      ORDER BY p.received_on DESC, p.created_at DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  return {
    payments: rows.map((row) => {
      const allocations = jsonOf(row.allocations);
      const allocated = allocations.reduce((sum, a) => sum + Number(a.amountCents), 0);
      return {
        id: row.id,
        receiptNumber: row.receipt_number,
        accountId: row.account_id,
        accountNumber: row.account_number,
        payerName: fullName(row.g_first, row.g_last),
        method: row.method as TFeePayment['method'],
        amountCents: Number(row.amount_cents),
        reference: row.reference,
        receivedOn: String(row.received_on),
        unallocatedCents: Number(row.amount_cents) - allocated,
        allocations: allocations.map((a) => ({ ...a, amountCents: Number(a.amountCents) })),
      };
    }),
    total: Number(rows[0]?.total ?? 0),
  };
}
