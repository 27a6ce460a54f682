/* global performance */
// The school fees benches' shared steps on the scale school (scripts/bench-finance.mjs,
// scripts/profile-invoice-run.mjs): finding the school, and undoing the bench's invoice run.
import { round } from './postgres.mjs';

/** The scale school (organisation id, name, counts), once the school bench's generator has finished it. */
export async function scaleSchoolOf(pool, settingKey = 'scale_seed') {
  const { rows } = await pool
    .query('SELECT value FROM system_settings WHERE key = $1', [settingKey])
    .catch(() => ({ rows: [] }));
  if (!rows[0]) return null;
  const org = (await pool.query('SELECT id, name FROM organizations WHERE id = $1', [rows[0].value.organizationId]))
    .rows[0];
  return org ? { ...rows[0].value, org: org.id, name: org.name } : null;
}

/**
 * Takes away the year's invoices of the school: their lines, allocations and credit notes, their
 * journals (the ledger is append-only for the application; the bench, as the database's owner,
 * sets its triggers aside for this session), the guardians' invoice notifications, the family
 * accounts' credit from the bench's payments, and the run rows. The fee structures stay.
 */
export async function undoInvoiceRun(pool, org, year) {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query(
      `CREATE TEMP TABLE bench_undo ON COMMIT DROP AS
       SELECT j.id FROM ledger_journals j JOIN fee_invoices i ON i.journal_id = j.id WHERE i.organization_id = $1 AND i.year = $2
       UNION ALL SELECT a.journal_id FROM fee_allocations a WHERE a.organization_id = $1 AND a.journal_id IS NOT NULL
       UNION ALL SELECT p.journal_id FROM fee_payments p WHERE p.organization_id = $1 AND p.reference LIKE 'BENCH-%' AND p.journal_id IS NOT NULL`,
      [org, year],
    );
    const counts = {};
    // The summary's tables exist once the server has migrated the database.
    const summarised = (await client.query("SELECT to_regclass('fee_account_ages') IS NOT NULL AS t")).rows[0].t;
    for (const [name, text, values] of [
      ['allocations', 'DELETE FROM fee_allocations WHERE organization_id = $1', [org]],
      ['payments', "DELETE FROM fee_payments WHERE organization_id = $1 AND reference LIKE 'BENCH-%'", [org]],
      ['entries', 'DELETE FROM ledger_entries WHERE journal_id IN (SELECT id FROM bench_undo)', []],
      ['journals', 'DELETE FROM ledger_journals WHERE id IN (SELECT id FROM bench_undo)', []],
      [
        'notifications',
        "DELETE FROM notifications WHERE organization_id = $1 AND kind = 'invoice' AND event_key IN (SELECT 'invoice:' || id FROM fee_invoices WHERE organization_id = $1 AND year = $2)",
        [org, year],
      ],
      [
        'lines',
        'DELETE FROM fee_invoice_lines WHERE invoice_id IN (SELECT id FROM fee_invoices WHERE organization_id = $1 AND year = $2)',
        [org, year],
      ],
      ['invoices', 'DELETE FROM fee_invoices WHERE organization_id = $1 AND year = $2', [org, year]],
      ['runs', 'DELETE FROM invoice_runs WHERE organization_id = $1 AND year = $2', [org, year]],
      // The age analysis summary follows the invoices: the run starts it again.
      ...(summarised
        ? [
            ['ages', 'DELETE FROM fee_account_ages WHERE organization_id = $1', [org]],
            ['agesDay', 'DELETE FROM fee_age_days WHERE organization_id = $1', [org]],
          ]
        : []),
    ])
      counts[name] = (await client.query(text, values)).rowCount;
    await client.query('COMMIT');
    return { ...counts, seconds: round((performance.now() - started) / 1000) };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
