import { sql, type SQL } from 'drizzle-orm';
import { namedStatement, rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';

/**
 * The age analysis summary (fee_account_ages): per family account, what is open on its invoices
 * already due on the school's summary day (fee_age_days), by how long overdue (under 30 days, then
 * 30, 60, 90 and 120 days or more), for every grade together (grade -1) and per grade of the
 * learners billed; and the school's totals of those rows per grade (fee_age_totals, the families
 * owing and their sums). The age analysis page then reads its page and its totals there, not
 * every overdue invoice of the school.
 *
 * Kept exact by recomputing an account's rows from its invoices, credit notes and allocations in
 * the transaction of every event that changes what is open on them (an invoice, a credit note, an
 * allocation), under the account's lock; the totals take the difference in the same statement
 * (their row stays locked until the event commits: a school's money events queue there briefly). The summary day moves on by a whole recompute (the
 * nightly job; the invoice run starts one for a school that has none), under the school's ages
 * lock held exclusively; every account lock is taken with that lock shared, so no account's rows
 * are recomputed for the old day while the school's move to the new one.
 */

const agesLockKey = (organizationId: string) => `fee-ages:${organizationId}`;
const accountLockKey = (accountId: string) => `family-account:${accountId}`;

/**
 * Locks a family account for a money event (two events of one family never interleave), with the
 * school's ages lock shared (the summary day does not move under it).
 */
export async function lockAccount(tx: DbExecutor, organizationId: string, accountId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${agesLockKey(organizationId)})),
    pg_advisory_xact_lock(hashtext(${accountLockKey(accountId)}))`);
}

/** Locks many family accounts at once (a batch of the invoice run), in id order so two batches never wait on each other in turn. */
export async function lockAccounts(tx: DbExecutor, organizationId: string, accountIds: string[]) {
  const ids = [...new Set(accountIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${agesLockKey(organizationId)}))`);
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(hashtext('family-account:' || x.id)) FROM (
      SELECT id FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS t(id) ORDER BY id
    ) x`);
}

/**
 * Recomputes the summary rows of the accounts `scope` names (every account of the school when
 * null) as of the school's summary day; nothing when the school has none.
 */
function recomputeSql(organizationId: string, accountIds: string[] | null): SQL {
  const org = sql`${organizationId}::uuid`;
  const some = accountIds ? sql`${`{${accountIds.join(',')}}`}::uuid[]` : null;
  // A few accounts: each account's invoices and summary rows by its index (lateral joins, so
  // whatever the planner believes of the tables: an invoice run's batches grow them, and the
  // summary's updates leave old row versions, faster than they are analysed and vacuumed);
  // the whole school: its invoices and rows.
  const invoices = some
    ? sql`unnest(${some}) AS s(id) CROSS JOIN LATERAL (
        SELECT * FROM fee_invoices i WHERE i.organization_id = ${org} AND i.account_id = s.id) i`
    : sql`(SELECT * FROM fee_invoices i WHERE i.organization_id = ${org}) i`;
  const ageRows = some
    ? sql`unnest(${some}) AS s(id) CROSS JOIN LATERAL (
        SELECT x.ctid AS row_id, x.* FROM fee_account_ages x WHERE x.account_id = s.id AND x.organization_id = ${org}) x`
    : sql`(SELECT x.ctid AS row_id, x.* FROM fee_account_ages x WHERE x.organization_id = ${org}) x`;
  // A few accounts: each invoice's credits and allocations by its index; the whole school: grouped once.
  const amounts = some
    ? sql`
        LEFT JOIN LATERAL (SELECT sum(c.amount_cents) AS sum FROM fee_credit_notes c WHERE c.invoice_id = i.id) c ON true
        LEFT JOIN LATERAL (SELECT sum(x.amount_cents) AS sum FROM fee_allocations x WHERE x.invoice_id = i.id) a ON true`
    : sql`
        LEFT JOIN (SELECT invoice_id, sum(amount_cents) AS sum FROM fee_credit_notes
          WHERE organization_id = ${org} GROUP BY invoice_id) c ON c.invoice_id = i.id
        LEFT JOIN (SELECT invoice_id, sum(amount_cents) AS sum FROM fee_allocations
          WHERE organization_id = ${org} GROUP BY invoice_id) a ON a.invoice_id = i.id`;
  return sql`
    WITH day AS (
      SELECT as_of FROM fee_age_days WHERE organization_id = ${org}
    ), inv AS (
      SELECT i.account_id, l.grade, day.as_of - i.due_on AS days,
        CASE WHEN i.due_on <= day.as_of AND i.total_cents > 0
          THEN i.total_cents - coalesce(c.sum, 0) - coalesce(a.sum, 0) ELSE 0 END AS open
      FROM day CROSS JOIN ${invoices} JOIN learners l ON l.id = i.learner_id ${amounts}
    ), per AS (
      SELECT inv.account_id, g.grade::smallint AS grade,
        coalesce(sum(open) FILTER (WHERE open > 0 AND days < 30), 0) AS cur,
        coalesce(sum(open) FILTER (WHERE open > 0 AND days >= 30 AND days < 60), 0) AS d30,
        coalesce(sum(open) FILTER (WHERE open > 0 AND days >= 60 AND days < 90), 0) AS d60,
        coalesce(sum(open) FILTER (WHERE open > 0 AND days >= 90 AND days < 120), 0) AS d90,
        coalesce(sum(open) FILTER (WHERE open > 0 AND days >= 120), 0) AS d120,
        coalesce(sum(open) FILTER (WHERE open > 0), 0) AS total
      FROM inv CROSS JOIN LATERAL (VALUES (-1), (inv.grade::int)) AS g(grade)
      GROUP BY inv.account_id, g.grade
    ), old AS (
      -- The rows as they were (the account locks keep anyone else from changing them meanwhile).
      SELECT x.row_id, x.account_id, x.grade, x.current_cents, x.d30_cents, x.d60_cents, x.d90_cents,
        x.d120_cents, x.total_cents
      FROM ${ageRows} WHERE EXISTS (SELECT 1 FROM day)
    ), gone AS (
      -- A grade none of the account's learners is billed in any more (a learner moved grade): those
      -- rows by their place, as read just above.
      DELETE FROM fee_account_ages x
      WHERE x.ctid = ANY(ARRAY(SELECT old.row_id FROM old
        WHERE NOT EXISTS (SELECT 1 FROM per WHERE per.account_id = old.account_id AND per.grade = old.grade)))
    ), kept AS (
      INSERT INTO fee_account_ages AS x (organization_id, account_id, grade, account_number,
        current_cents, d30_cents, d60_cents, d90_cents, d120_cents, total_cents)
      SELECT ${org}, per.account_id, per.grade, fa.account_number, per.cur, per.d30, per.d60, per.d90, per.d120, per.total
      FROM per JOIN family_accounts fa ON fa.id = per.account_id
      ON CONFLICT (account_id, grade) DO UPDATE SET current_cents = excluded.current_cents, d30_cents = excluded.d30_cents,
        d60_cents = excluded.d60_cents, d90_cents = excluded.d90_cents, d120_cents = excluded.d120_cents,
        total_cents = excluded.total_cents
      WHERE (x.current_cents, x.d30_cents, x.d60_cents, x.d90_cents, x.d120_cents, x.total_cents)
        IS DISTINCT FROM (excluded.current_cents, excluded.d30_cents, excluded.d60_cents, excluded.d90_cents,
          excluded.d120_cents, excluded.total_cents)
    ), delta AS (
      -- What the school's totals gain and lose: the new rows less the old (a row owing nothing counts no family).
      SELECT d.grade, sum(d.families)::int AS families, sum(d.cur) AS cur, sum(d.d30) AS d30, sum(d.d60) AS d60,
        sum(d.d90) AS d90, sum(d.d120) AS d120, sum(d.total) AS total
      FROM (
        SELECT grade, (total > 0)::int AS families, cur, d30, d60, d90, d120, total FROM per
        UNION ALL
        SELECT grade, -((total_cents > 0)::int), -current_cents, -d30_cents, -d60_cents, -d90_cents, -d120_cents, -total_cents
        FROM old
      ) d
      GROUP BY d.grade
    )
    INSERT INTO fee_age_totals AS t (organization_id, grade, families, current_cents, d30_cents, d60_cents, d90_cents,
      d120_cents, total_cents)
    SELECT ${org}, delta.grade, delta.families, delta.cur, delta.d30, delta.d60, delta.d90, delta.d120, delta.total
    FROM delta WHERE (delta.families, delta.cur, delta.d30, delta.d60, delta.d90, delta.d120, delta.total) <> (0, 0, 0, 0, 0, 0, 0)
    -- Grade order, -1 first: two events never take two totals rows in turn.
    ORDER BY delta.grade
    ON CONFLICT (organization_id, grade) DO UPDATE SET families = t.families + excluded.families,
      current_cents = t.current_cents + excluded.current_cents, d30_cents = t.d30_cents + excluded.d30_cents,
      d60_cents = t.d60_cents + excluded.d60_cents, d90_cents = t.d90_cents + excluded.d90_cents,
      d120_cents = t.d120_cents + excluded.d120_cents, total_cents = t.total_cents + excluded.total_cents`;
}

/**
 * Brings the summary rows of these accounts up to date, in the transaction of the money event
 * that changed them (which holds their locks: lockAccount, lockAccounts).
 */
export async function recomputeAccountAges(tx: DbExecutor, organizationId: string, accountIds: string[]) {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  await tx.execute(recomputeSql(organizationId, ids));
}

/** The day a school's summary is as of, or null when it has none. */
export async function agesDayOf(db: DbExecutor, organizationId: string): Promise<string | null> {
  const [row] = await dayOf(db, { org: organizationId });
  return row?.as_of ?? null;
}
const dayOf = namedStatement<{ as_of: string }>(
  'finance_ages_day',
  sql`SELECT as_of::text AS as_of FROM fee_age_days WHERE organization_id = ${sql.placeholder('org')}::uuid`,
);

/**
 * Moves a school's summary to `asOf` (today): every account's rows recomputed, with the school's
 * ages lock held exclusively (money events of the school wait for it, and it for them).
 */
export async function moveAgesTo(db: DbExecutor, organizationId: string, asOf: string) {
  await transaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${agesLockKey(organizationId)}))`);
    await tx.execute(sql`
      INSERT INTO fee_age_days (organization_id, as_of) VALUES (${organizationId}::uuid, ${asOf}::date)
      ON CONFLICT (organization_id) DO UPDATE SET as_of = excluded.as_of, refreshed_at = now()`);
    await tx.execute(recomputeSql(organizationId, null));
    // The totals counted again from the rows: what the day's move leaves is exact whatever came before.
    await tx.execute(sql`DELETE FROM fee_age_totals WHERE organization_id = ${organizationId}::uuid`);
    await tx.execute(sql`
      INSERT INTO fee_age_totals (organization_id, grade, families, current_cents, d30_cents, d60_cents, d90_cents,
        d120_cents, total_cents)
      SELECT organization_id, grade, count(*) FILTER (WHERE total_cents > 0), sum(current_cents), sum(d30_cents),
        sum(d60_cents), sum(d90_cents), sum(d120_cents), sum(total_cents)
      FROM fee_account_ages WHERE organization_id = ${organizationId}::uuid GROUP BY organization_id, grade`);
  });
}

/** Moves the summary of every school that has one, or has invoices, to `asOf` (the nightly job). */
export async function moveAllAgesTo(db: DbExecutor, asOf: string): Promise<number> {
  const schools = rowsOf<{ organization_id: string }>(
    await db.execute(sql`
      SELECT organization_id FROM fee_age_days WHERE as_of <> ${asOf}::date
      UNION
      SELECT DISTINCT organization_id FROM fee_invoices
      WHERE organization_id NOT IN (SELECT organization_id FROM fee_age_days)`),
  );
  for (const school of schools) await moveAgesTo(db, school.organization_id, asOf);
  return schools.length;
}
