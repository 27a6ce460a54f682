import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { nextNumbers } from './numbers.ts';

/**
 * Each enrolled learner's paying guardian (learner_guardians.pays_fees; the first linked when two
 * pay), as SQL: a family account belongs to that guardian, and the guardian's children share it.
 * `onlyLearners` (a subquery of learner ids) limits it to those learners.
 */
/** A school's id as a statement's value, or the placeholder of a named statement that takes it. */
export type TOrgValue = string | Placeholder;

export const payerSql = (organizationId: TOrgValue, onlyLearners?: SQL) => sql`
  SELECT DISTINCT ON (lg.learner_id) lg.learner_id, lg.guardian_id
  FROM learner_guardians lg JOIN learners l ON l.id = lg.learner_id
  WHERE lg.organization_id = ${organizationId}::uuid AND lg.pays_fees AND l.archived_at IS NULL
    ${onlyLearners ? sql`AND lg.learner_id IN (${onlyLearners})` : sql``}
  ORDER BY lg.learner_id, lg.created_at, lg.guardian_id`;

/** Opens an account for every paying guardian of the school who has none (numbered SF00001, ...). */
export async function ensureFamilyAccounts(tx: DbExecutor, organizationId: string): Promise<number> {
  const missing = rowsOf<{ guardian_id: string }>(
    await tx.execute(sql`
      SELECT DISTINCT p.guardian_id FROM (${payerSql(organizationId)}) p
      WHERE NOT EXISTS (SELECT 1 FROM family_accounts a WHERE a.organization_id = ${organizationId}::uuid AND a.guardian_id = p.guardian_id)
      ORDER BY p.guardian_id`),
  );
  if (missing.length === 0) return 0;
  const numbers = await nextNumbers(tx, organizationId, 'account', missing.length);
  // One JSON parameter: a large school's first run opens tens of thousands of accounts at once.
  const rows = missing.map((row, i) => ({ guardian_id: row.guardian_id, account_number: numbers[i]! }));
  await tx.execute(sql`
    INSERT INTO family_accounts (organization_id, guardian_id, account_number)
    SELECT ${organizationId}::uuid, x.guardian_id, x.account_number
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(guardian_id uuid, account_number text)
    ON CONFLICT DO NOTHING`);
  return missing.length;
}

/** The family account each given learner is billed to (after ensureFamilyAccounts). */
export async function accountsOfLearners(tx: DbExecutor, organizationId: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ learner_id: string; account_id: string }>(
    await tx.execute(sql`
      SELECT p.learner_id, a.id AS account_id FROM (${payerSql(organizationId)}) p
      JOIN family_accounts a ON a.organization_id = ${organizationId}::uuid AND a.guardian_id = p.guardian_id`),
  );
  return new Map(rows.map((r) => [r.learner_id, r.account_id]));
}
