import { sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { FINANCE_MESSAGES as M, type TStatement, type TStatementLine } from '@sekolo/shared/schemas/finance';
import { namedStatement, type DbExecutor } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { accountViews } from '../lib/views.ts';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';

type TEventRow = {
  date: string;
  kind: TStatementLine['kind'];
  reference: string;
  description: string;
  amount: string;
  at: string;
};

/** A family's invoices, credit notes and payments up to a day, in order (named: planning it costs more than running it). */
const statementEvents = namedStatement<TEventRow>(
  'finance_statement_events',
  sql`
      SELECT * FROM (
        SELECT i.issued_on::text AS date, 'invoice' AS kind, i.number AS reference,
          (SELECT string_agg(l.description, ', ' ORDER BY l.description) FROM fee_invoice_lines l WHERE l.invoice_id = i.id)
            || ' for ' || le.first_name || ' ' || le.last_name || ', due ' || to_char(i.due_on, 'DD/MM/YYYY') AS description,
          i.total_cents AS amount, i.created_at AS at
        FROM fee_invoices i JOIN learners le ON le.id = i.learner_id
        WHERE i.organization_id = ${sql.placeholder('org')}::uuid AND i.account_id = ${sql.placeholder('account')}::uuid AND i.total_cents > 0
        UNION ALL
        SELECT c.issued_on::text, 'credit_note', c.number, 'Credit on ' || i.number || ': ' || c.reason, -c.amount_cents, c.created_at
        FROM fee_credit_notes c JOIN fee_invoices i ON i.id = c.invoice_id
        WHERE c.organization_id = ${sql.placeholder('org')}::uuid AND c.account_id = ${sql.placeholder('account')}::uuid
        UNION ALL
        SELECT p.received_on::text, 'payment', p.receipt_number,
          CASE p.method WHEN 'eft' THEN 'EFT' WHEN 'cash' THEN 'Cash' WHEN 'card_machine' THEN 'Card' WHEN 'debit_order' THEN 'Debit order' ELSE 'Online payment' END
            || ' – ' || p.reference, -p.amount_cents, p.created_at
        FROM fee_payments p WHERE p.organization_id = ${sql.placeholder('org')}::uuid AND p.account_id = ${sql.placeholder('account')}::uuid
      ) e WHERE e.date <= ${sql.placeholder('to')}
      ORDER BY e.date, e.at, e.reference`,
);

/**
 * A family's statement: every invoice, credit note and payment in date order with the running
 * balance; the opening balance is everything before `from`. Over the whole history its closing
 * balance is the account's balance in the ledger.
 */
export async function readStatement(
  db: DbExecutor,
  organizationId: string,
  schoolName: string,
  accountId: string,
  range: { from?: string; to?: string },
  guardianUserId?: string,
): Promise<TStatement> {
  const today = todayInSouthAfrica();
  const [account] = await accountViews(db, organizationId, today, { accountIds: [accountId], guardianUserId });
  if (!account) throw notFound(M.accountNotFound);
  const to = range.to ?? '9999-12-31';
  const events = await statementEvents(db, { org: organizationId, account: accountId, to });
  let opening = 0;
  let balance = 0;
  const lines: TStatementLine[] = [];
  for (const e of events) {
    const amount = Number(e.amount);
    balance += amount;
    if (range.from && e.date < range.from) {
      opening = balance;
      continue;
    }
    lines.push({
      date: e.date,
      kind: e.kind,
      reference: e.reference,
      description: e.description,
      debitCents: amount > 0 ? amount : 0,
      creditCents: amount < 0 ? -amount : 0,
      balanceCents: balance,
    });
  }
  return {
    account,
    schoolName,
    from: range.from ?? null,
    to: range.to ?? today,
    openingBalanceCents: opening,
    lines,
    closingBalanceCents: balance,
  };
}

export { formatDate };
