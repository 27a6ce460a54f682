import { sql } from 'drizzle-orm';
import { formatDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { gradeFromNumber, gradeToNumber } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { TAgeAnalysis, TFinanceDashboard } from '@sekolo/shared/schemas/finance';
import { namedStatement, rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { toCsv } from '../../../platform/lib/csv.ts';
import { fullName, invoiceOpenSql, paymentViews } from '../lib/views.ts';
import { agesDayOf } from '../lib/ages.ts';

/** The age analysis, the finance dashboard and the CSV exports (transactions, Sage and Xero journals). */

type TAgeRow = {
  families: number;
  t_cur: string;
  t_30: string;
  t_60: string;
  t_90: string;
  t_120: string;
  t_total: string;
  account_id: string | null;
  account_number: string;
  g_first: string;
  g_last: string;
  grades: number[] | string;
  cur: string;
  d30: string;
  d60: string;
  d90: string;
  d120: string;
  total: string;
};

type TAgeQuery = { grade: TSchoolGrade | ''; asOf?: string; page?: number; pageSize?: number };

/**
 * What each family owes on invoices already due, by how long overdue (current: under 30 days,
 * then 30, 60, 90 and 120 days or more); only invoices of learners in `grade` when given. Sorted
 * (the largest debt first) and paged in SQL: one statement answers the page, the number of
 * families owing and the totals over all of them. As of the school's summary day (today, once the
 * nightly job or an invoice run has made it) it reads the summary (lib/ages.ts): the page's rows
 * and one row per family owing for the totals; as of another day (or `exact`) it sums the invoices.
 */
export async function ageAnalysis(
  db: DbExecutor,
  organizationId: string,
  query: TAgeQuery,
  options: { exact?: boolean } = {},
): Promise<TAgeAnalysis> {
  const asOf = query.asOf ?? todayInSouthAfrica();
  if (!options.exact && (await agesDayOf(db, organizationId)) === asOf)
    return ageAnalysisOfSummary(db, organizationId, asOf, query);
  const grade =
    query.grade === ''
      ? sql``
      : sql`JOIN learners l ON l.id = i.learner_id AND l.grade = ${gradeToNumber(query.grade)}`;
  const limit = query.pageSize ?? null;
  const offset = query.pageSize ? ((query.page ?? 1) - 1) * query.pageSize : 0;
  const rows = rowsOf<TAgeRow>(
    await db.execute(sql`
      WITH owing AS (
        SELECT i.account_id, ${asOf}::date - i.due_on AS days,
          i.total_cents - coalesce(c.sum, 0) - coalesce(a.sum, 0) AS open
        FROM fee_invoices i ${grade}
          LEFT JOIN (SELECT invoice_id, sum(amount_cents) AS sum FROM fee_credit_notes
            WHERE organization_id = ${organizationId}::uuid GROUP BY invoice_id) c ON c.invoice_id = i.id
          LEFT JOIN (SELECT invoice_id, sum(amount_cents) AS sum FROM fee_allocations
            WHERE organization_id = ${organizationId}::uuid GROUP BY invoice_id) a ON a.invoice_id = i.id
        WHERE i.organization_id = ${organizationId}::uuid AND i.due_on <= ${asOf}::date AND i.total_cents > 0
      ), per AS (
        SELECT account_id,
          coalesce(sum(open) FILTER (WHERE days < 30), 0) AS cur,
          coalesce(sum(open) FILTER (WHERE days >= 30 AND days < 60), 0) AS d30,
          coalesce(sum(open) FILTER (WHERE days >= 60 AND days < 90), 0) AS d60,
          coalesce(sum(open) FILTER (WHERE days >= 90 AND days < 120), 0) AS d90,
          coalesce(sum(open) FILTER (WHERE days >= 120), 0) AS d120,
          sum(open) AS total
        FROM owing WHERE open > 0 GROUP BY account_id
      ), tot AS (
        SELECT count(*)::int AS families, coalesce(sum(cur), 0) AS t_cur, coalesce(sum(d30), 0) AS t_30,
          coalesce(sum(d60), 0) AS t_60, coalesce(sum(d90), 0) AS t_90, coalesce(sum(d120), 0) AS t_120,
          coalesce(sum(total), 0) AS t_total
        FROM per
      ), page AS (
        SELECT per.*, a.account_number, g.first_name AS g_first, g.last_name AS g_last
        FROM per JOIN family_accounts a ON a.id = per.account_id JOIN guardians g ON g.id = a.guardian_id
        ORDER BY per.total DESC, a.account_number
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT tot.*, page.*,
        (SELECT array_agg(DISTINCT l2.grade) FROM fee_invoices i2 JOIN learners l2 ON l2.id = i2.learner_id
          WHERE i2.organization_id = ${organizationId}::uuid AND i2.account_id = page.account_id) AS grades
      FROM tot LEFT JOIN page ON true
      ORDER BY page.total DESC, page.account_number`),
  );
  return toAgeAnalysis(asOf, rows);
}

/** A page of the summary and the school's totals (named: planning it costs more than running it). */
const agesPage = namedStatement<TAgeRow>(
  'finance_age_analysis_page',
  sql`
      WITH tot AS (
        SELECT coalesce(max(families), 0)::int AS families, coalesce(max(current_cents), 0) AS t_cur,
          coalesce(max(d30_cents), 0) AS t_30, coalesce(max(d60_cents), 0) AS t_60, coalesce(max(d90_cents), 0) AS t_90,
          coalesce(max(d120_cents), 0) AS t_120, coalesce(max(total_cents), 0) AS t_total
        FROM fee_age_totals WHERE organization_id = ${sql.placeholder('org')}::uuid AND grade = ${sql.placeholder('grade')}::smallint
      ), rows AS (
        -- The page from the summary's index alone (it holds every column read here): a page far
        -- down the list skips index entries, and only its own rows are joined to their names.
        SELECT x.account_id, x.account_number, x.current_cents AS cur, x.d30_cents AS d30, x.d60_cents AS d60,
          x.d90_cents AS d90, x.d120_cents AS d120, x.total_cents AS total
        FROM fee_account_ages x
        WHERE x.organization_id = ${sql.placeholder('org')}::uuid AND x.grade = ${sql.placeholder('grade')}::smallint AND x.total_cents > 0
        ORDER BY x.total_cents DESC, x.account_number
        LIMIT ${sql.placeholder('limit')}::bigint OFFSET ${sql.placeholder('offset')}::bigint
      ), page AS MATERIALIZED (
        SELECT rows.*, g.first_name AS g_first, g.last_name AS g_last
        FROM rows JOIN family_accounts a ON a.id = rows.account_id JOIN guardians g ON g.id = a.guardian_id
      )
      SELECT tot.*, page.*,
        (SELECT array_agg(y.grade) FROM fee_account_ages y WHERE y.account_id = page.account_id AND y.grade >= 0) AS grades
      FROM tot LEFT JOIN page ON true
      ORDER BY page.total DESC, page.account_number`,
);

async function ageAnalysisOfSummary(
  db: DbExecutor,
  organizationId: string,
  asOf: string,
  query: TAgeQuery,
): Promise<TAgeAnalysis> {
  const rows = await agesPage(db, {
    org: organizationId,
    grade: query.grade === '' ? -1 : gradeToNumber(query.grade),
    limit: query.pageSize ?? null,
    offset: query.pageSize ? ((query.page ?? 1) - 1) * query.pageSize : 0,
  });
  return toAgeAnalysis(asOf, rows);
}

function toAgeAnalysis(asOf: string, rows: TAgeRow[]): TAgeAnalysis {
  const first = rows[0];
  const totals = {
    currentCents: Number(first?.t_cur ?? 0),
    d30Cents: Number(first?.t_30 ?? 0),
    d60Cents: Number(first?.t_60 ?? 0),
    d90Cents: Number(first?.t_90 ?? 0),
    d120Cents: Number(first?.t_120 ?? 0),
    totalCents: Number(first?.t_total ?? 0),
  };
  const list = rows
    .filter((row) => row.account_id !== null)
    .map((row) => {
      const grades =
        typeof row.grades === 'string'
          ? row.grades.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
          : (row.grades ?? []);
      return {
        accountId: row.account_id!,
        accountNumber: row.account_number,
        name: fullName(row.g_first, row.g_last),
        grades: [...new Set(grades.map(Number))].sort((a, b) => a - b).map(gradeFromNumber),
        currentCents: Number(row.cur),
        d30Cents: Number(row.d30),
        d60Cents: Number(row.d60),
        d90Cents: Number(row.d90),
        d120Cents: Number(row.d120),
        totalCents: Number(row.total),
      };
    });
  return { asOf, rows: list, totals, total: Number(first?.families ?? 0) };
}

/** Rand as a number, so a spreadsheet or an accounting import reads it as one (and a credit's minus is not taken for a formula). */
const rand = (cents: number) => cents / 100;

export function ageAnalysisCsv(analysis: TAgeAnalysis): string {
  return toCsv(
    ['account_number', 'family', 'grades', 'current', 'days_30', 'days_60', 'days_90', 'days_120_plus', 'total'],
    analysis.rows.map((r) => [
      r.accountNumber,
      r.name,
      r.grades.map((g) => (g === 'R' ? 'R' : g)).join(' '),
      rand(r.currentCents),
      rand(r.d30Cents),
      rand(r.d60Cents),
      rand(r.d90Cents),
      rand(r.d120Cents),
      rand(r.totalCents),
    ]),
  );
}

type TTxRow = {
  date: string;
  type: string;
  number: string;
  account_number: string;
  g_first: string;
  g_last: string;
  learner: string | null;
  description: string;
  amount: string;
};

/** Every invoice, credit note and payment in the range: what the family owes grows with a positive amount. */
export async function transactionsCsv(db: DbExecutor, organizationId: string, range: { from?: string; to?: string }) {
  const from = range.from ?? '0001-01-01';
  const to = range.to ?? '9999-12-31';
  const rows = rowsOf<TTxRow>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT i.issued_on::text AS date, 'invoice' AS type, i.number, a.account_number, g.first_name AS g_first, g.last_name AS g_last,
          l.first_name || ' ' || l.last_name AS learner, 'Due ' || to_char(i.due_on, 'DD/MM/YYYY') AS description, i.total_cents AS amount
        FROM fee_invoices i JOIN family_accounts a ON a.id = i.account_id JOIN guardians g ON g.id = a.guardian_id JOIN learners l ON l.id = i.learner_id
        WHERE i.organization_id = ${organizationId}::uuid
        UNION ALL
        SELECT c.issued_on::text, 'credit_note', c.number, a.account_number, g.first_name, g.last_name, l.first_name || ' ' || l.last_name, c.reason, -c.amount_cents
        FROM fee_credit_notes c JOIN fee_invoices i ON i.id = c.invoice_id JOIN family_accounts a ON a.id = c.account_id
          JOIN guardians g ON g.id = a.guardian_id JOIN learners l ON l.id = i.learner_id
        WHERE c.organization_id = ${organizationId}::uuid
        UNION ALL
        SELECT p.received_on::text, 'payment_' || p.method, p.receipt_number, a.account_number, g.first_name, g.last_name, NULL, p.reference, -p.amount_cents
        FROM fee_payments p JOIN family_accounts a ON a.id = p.account_id JOIN guardians g ON g.id = a.guardian_id
        WHERE p.organization_id = ${organizationId}::uuid
      ) t WHERE t.date BETWEEN ${from} AND ${to} ORDER BY t.date, t.number`),
  );
  return toCsv(
    ['date', 'type', 'number', 'account_number', 'family', 'learner', 'description', 'amount'],
    rows.map((r) => [
      r.date,
      r.type,
      r.number,
      r.account_number,
      fullName(r.g_first, r.g_last),
      r.learner ?? '',
      r.description,
      rand(Number(r.amount)),
    ]),
  );
}

/**
 * The accounts of the school's fee books as codes of a small-business chart (Xero's default
 * chart; Sage uses the same numbers): the school's accountant maps them to their own on import.
 */
export const EXPORT_ACCOUNT_CODES: Record<string, { code: string; name: string }> = {
  school_bank: { code: '090', name: 'Bank' },
  school_fees_receivable: { code: '610', name: 'Accounts Receivable' },
  school_due_from_platform: { code: '611', name: 'Online collections held by Sekolo' },
  school_family_credit: { code: '835', name: 'Fees received in advance' },
  school_fee_income: { code: '200', name: 'School fees' },
  school_fee_concessions: { code: '270', name: 'Discounts, bursaries and exemptions' },
  school_online_commission: { code: '404', name: 'Online payment commission' },
};

type TJournalRow = {
  date: string;
  kind: string;
  reference: string;
  description: string;
  account_code: string;
  amount: string;
  account_number: string | null;
};

/** The school's fee journals, each balanced, as Sage (Pastel) or Xero imports a manual journal. */
export async function journalCsv(
  db: DbExecutor,
  organizationId: string,
  range: { from?: string; to?: string; format: 'sage' | 'xero' },
) {
  const from = range.from ?? '0001-01-01';
  const to = range.to ?? '9999-12-31';
  const rows = rowsOf<TJournalRow>(
    await db.execute(sql`
      SELECT ((j.created_at AT TIME ZONE 'Africa/Johannesburg')::date)::text AS date, j.kind, j.reference, j.description,
        e.account_code, e.amount_cents AS amount, a.account_number
      FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
        LEFT JOIN family_accounts a ON a.id = e.party_id
      WHERE e.organization_id = ${organizationId} AND j.kind IN ('fee_invoice', 'fee_credit_note', 'fee_payment', 'fee_allocation')
        AND ((j.created_at AT TIME ZONE 'Africa/Johannesburg')::date) BETWEEN ${from}::date AND ${to}::date
      ORDER BY j.created_at, j.id, e.line`),
  );
  if (range.format === 'xero') {
    return toCsv(
      ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount'],
      rows.map((r) => [
        r.description,
        formatDate(r.date),
        r.account_number ? `${r.description} ${r.account_number}` : r.description,
        EXPORT_ACCOUNT_CODES[r.account_code]?.code ?? r.account_code,
        'No VAT',
        rand(Number(r.amount)),
      ]),
    );
  }
  return toCsv(
    ['Date', 'Reference', 'Account', 'Description', 'Debit', 'Credit'],
    rows.map((r) => {
      const amount = Number(r.amount);
      return [
        formatDate(r.date),
        r.description.split(' ').at(-1) ?? r.reference,
        EXPORT_ACCOUNT_CODES[r.account_code]?.code ?? r.account_code,
        r.account_number ? `${r.description} ${r.account_number}` : r.description,
        amount > 0 ? rand(amount) : '',
        amount < 0 ? rand(-amount) : '',
      ];
    }),
  );
}

export async function financeDashboard(
  db: DbExecutor,
  organizationId: string,
  year: number,
): Promise<TFinanceDashboard> {
  const today = todayInSouthAfrica();
  const months = rowsOf<{ month: string; billed: string; collected: string }>(
    await db.execute(sql`
      WITH m AS (SELECT generate_series(1, 12) AS n),
      billed AS (
        SELECT extract(month FROM due_on)::int AS n, sum(total_cents - credited) AS cents
        FROM (${invoiceOpenSql(organizationId)}) i WHERE extract(year FROM due_on) = ${year} GROUP BY 1
      ), collected AS (
        SELECT extract(month FROM received_on)::int AS n, sum(amount_cents) AS cents
        FROM fee_payments WHERE organization_id = ${organizationId}::uuid AND extract(year FROM received_on) = ${year} GROUP BY 1
      )
      SELECT ${year}::text || '-' || lpad(m.n::text, 2, '0') AS month, coalesce(billed.cents, 0) AS billed, coalesce(collected.cents, 0) AS collected
      FROM m LEFT JOIN billed ON billed.n = m.n LEFT JOIN collected ON collected.n = m.n ORDER BY m.n`),
  );
  const byGrade = rowsOf<{ grade: number; open: string }>(
    await db.execute(sql`
      SELECT l.grade, sum(i.total_cents - i.credited - i.allocated) AS open
      FROM (${invoiceOpenSql(organizationId)}) i JOIN learners l ON l.id = i.learner_id
      WHERE i.due_on <= ${today}::date AND i.total_cents - i.credited - i.allocated > 0
      GROUP BY l.grade ORDER BY l.grade`),
  );
  const [due] = rowsOf<{ billed: string; paid: string }>(
    await db.execute(sql`
      SELECT coalesce(sum(total_cents - credited), 0) AS billed, coalesce(sum(allocated), 0) AS paid
      FROM (${invoiceOpenSql(organizationId)}) i WHERE i.due_on <= ${today}::date AND extract(year FROM due_on) = ${year}`),
  );
  const [credit] = rowsOf<{ cents: string }>(
    await db.execute(sql`
      SELECT coalesce(-sum(amount_cents), 0) AS cents FROM ledger_entries
      WHERE organization_id = ${organizationId} AND account_code = 'school_family_credit'`),
  );
  const billedDue = Number(due?.billed ?? 0);
  const { payments } = await paymentViews(db, organizationId, sql`true`, { limit: 8, offset: 0 });
  return {
    year,
    months: months.map((m) => ({ month: m.month, billedCents: Number(m.billed), collectedCents: Number(m.collected) })),
    outstandingByGrade: byGrade.map((g) => ({
      grade: gradeFromNumber(Number(g.grade)),
      outstandingCents: Number(g.open),
    })),
    collectionRateBps: billedDue > 0 ? Math.round((Number(due!.paid) * 10_000) / billedDue) : 0,
    billedCents: months.reduce((sum, m) => sum + Number(m.billed), 0),
    collectedCents: months.reduce((sum, m) => sum + Number(m.collected), 0),
    outstandingCents: byGrade.reduce((sum, g) => sum + Number(g.open), 0),
    creditCents: Number(credit?.cents ?? 0),
    recentPayments: payments,
  };
}
