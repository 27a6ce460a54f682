import { sql } from 'drizzle-orm';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { TFamilyAccount } from '@sekolo/shared/schemas/finance';
import { gradeToNumber } from '@sekolo/shared/schemas/school';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { accountViews } from '../lib/views.ts';

export type TAccountsQuery = {
  q: string;
  grade: TSchoolGrade | '';
  arrears?: 'true' | 'false';
  page: number;
  pageSize: number;
};

/** `text` as an ILIKE pattern that finds it anywhere (its own % and _ are literal). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of a school's family accounts, by the guardian's surname, first name and account number:
 * found by account number, guardian, or a learner's name or admission number (`q`), a learner's
 * grade, and whether anything is overdue. Filtered, sorted and paged in SQL (one statement for the
 * page's ids and the number found); only the page's accounts are then read in full.
 */
export async function listFamilyAccounts(
  db: DbExecutor,
  organizationId: string,
  today: string,
  query: TAccountsQuery,
): Promise<{ accounts: TFamilyAccount[]; total: number }> {
  const org = sql`${organizationId}::uuid`;
  // The accounts a set of learners is billed to: their paying guardian's, and any their invoices went to.
  const accountsOf = (learners: ReturnType<typeof sql>) => sql`
    SELECT fa.id FROM family_accounts fa
    WHERE fa.organization_id = ${org} AND fa.guardian_id IN (
      SELECT DISTINCT ON (lg.learner_id) lg.guardian_id
      FROM learner_guardians lg JOIN learners pl ON pl.id = lg.learner_id AND pl.archived_at IS NULL
      WHERE lg.organization_id = ${org} AND lg.pays_fees AND lg.learner_id IN (${learners})
      ORDER BY lg.learner_id, lg.created_at, lg.guardian_id)
    UNION
    SELECT i.account_id FROM fee_invoices i WHERE i.organization_id = ${org} AND i.learner_id IN (${learners})`;
  const found = query.q
    ? sql`AND (a.account_number ILIKE ${containing(query.q)}
        OR (g.first_name || ' ' || g.last_name) ILIKE ${containing(query.q)}
        OR a.id IN (${accountsOf(sql`
          SELECT l.id FROM learners l WHERE l.organization_id = ${org}
            AND ((l.first_name || ' ' || l.last_name) ILIKE ${containing(query.q)} OR l.admission_number ILIKE ${containing(query.q)})`)}))`
    : sql``;
  const inGrade = query.grade
    ? sql`AND a.id IN (${accountsOf(sql`
        SELECT l.id FROM learners l WHERE l.organization_id = ${org} AND l.grade = ${gradeToNumber(query.grade)}`)})`
    : sql``;
  const overdue = sql`EXISTS (
    SELECT 1 FROM fee_invoices i
    WHERE i.organization_id = ${org} AND i.account_id = a.id AND i.due_on < ${today}::date
      AND i.total_cents
        - coalesce((SELECT sum(c.amount_cents) FROM fee_credit_notes c WHERE c.invoice_id = i.id), 0)
        - coalesce((SELECT sum(x.amount_cents) FROM fee_allocations x WHERE x.invoice_id = i.id), 0) > 0)`;
  const arrears =
    query.arrears === 'true' ? sql`AND ${overdue}` : query.arrears === 'false' ? sql`AND NOT ${overdue}` : sql``;
  const rows = rowsOf<{ id: string; total: number }>(
    await db.execute(sql`
      SELECT a.id, count(*) OVER ()::int AS total
      FROM family_accounts a JOIN guardians g ON g.id = a.guardian_id
      WHERE a.organization_id = ${org} ${found} ${inGrade} ${arrears}
      ORDER BY g.last_name, g.first_name, a.account_number
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
  );
  if (rows.length === 0) {
    // Past the last page: the number found still answers.
    const [count] = rowsOf<{ total: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS total FROM family_accounts a JOIN guardians g ON g.id = a.guardian_id
        WHERE a.organization_id = ${org} ${found} ${inGrade} ${arrears}`),
    );
    return { accounts: [], total: Number(count?.total ?? 0) };
  }
  const views = new Map(
    (await accountViews(db, organizationId, today, { accountIds: rows.map((r) => r.id) })).map((a) => [a.id, a]),
  );
  return { accounts: rows.map((r) => views.get(r.id)!).filter(Boolean), total: Number(rows[0]!.total) };
}
