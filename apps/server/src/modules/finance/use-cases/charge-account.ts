import { sql } from 'drizzle-orm';
import { ONE_OFF_CHARGE_KIND } from '@sekolo/shared/schemas/finance';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { ensureFamilyAccounts, payerSql } from '../lib/accounts.ts';
import { allocateCredit, issueInvoices, lockAccount } from '../lib/money.ts';

/** Days a one-off charge is due after it is issued. */
export const ONE_OFF_CHARGE_DUE_DAYS = 30;

export type TAccountChargeInput = {
  organizationId: string;
  learnerId: string;
  /** The charge's unique origin, e.g. 'school-shop:<order id>': a retried charge bills once. */
  sourceRef: string;
  /** What the statement shows, e.g. 'School shop order SH-4K7Q2M'. */
  description: string;
  amountCents: number;
  issuedOn?: string;
};

export type TAccountCharge = { invoiceId: string; number: string; accountId: string; created: boolean };

/** The guardian who pays a learner's fees (the family account's holder), or null; reads only. */
export async function payingGuardianOf(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
): Promise<string | null> {
  const [row] = rowsOf<{ guardian_id: string }>(
    await db.execute(
      sql`SELECT p.guardian_id FROM (${payerSql(organizationId)}) p WHERE p.learner_id = ${learnerId}::uuid`,
    ),
  );
  return row?.guardian_id ?? null;
}

/** The family account a learner is billed to (their paying guardian's), opened if it is not yet; null without a payer. */
export async function familyAccountOfLearner(
  tx: DbExecutor,
  organizationId: string,
  learnerId: string,
): Promise<{ accountId: string; guardianId: string } | null> {
  const find = async () =>
    rowsOf<{ account_id: string | null; guardian_id: string }>(
      await tx.execute(sql`
        SELECT a.id AS account_id, p.guardian_id FROM (${payerSql(organizationId)}) p
        LEFT JOIN family_accounts a ON a.organization_id = ${organizationId}::uuid AND a.guardian_id = p.guardian_id
        WHERE p.learner_id = ${learnerId}::uuid`),
    )[0];
  let row = await find();
  if (!row) return null;
  if (!row.account_id) {
    await ensureFamilyAccounts(tx, organizationId);
    row = await find();
  }
  return row?.account_id ? { accountId: row.account_id, guardianId: row.guardian_id } : null;
}

/**
 * A one-off charge on the learner's family account, in the caller's transaction: an invoice of one
 * line (no fee item; the source reference instead) issued and posted to the ledger as the invoice
 * run's are (issueInvoices), so it is on the statement, in the age analysis and in the balance, and
 * the family's credit, if any, is set against it. The same source reference answers the invoice
 * already issued (created: false). Null when the learner has no paying guardian.
 */
export async function chargeFamilyAccount(tx: DbExecutor, input: TAccountChargeInput): Promise<TAccountCharge | null> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error('A charge must be a positive amount in cents.');
  const existing = async () =>
    rowsOf<{ id: string; number: string; account_id: string }>(
      await tx.execute(sql`
        SELECT i.id, i.number, i.account_id FROM fee_invoice_lines l JOIN fee_invoices i ON i.id = l.invoice_id
        WHERE l.organization_id = ${input.organizationId}::uuid AND l.source_ref = ${input.sourceRef}`),
    )[0];
  const before = await existing();
  if (before) return { invoiceId: before.id, number: before.number, accountId: before.account_id, created: false };
  const account = await familyAccountOfLearner(tx, input.organizationId, input.learnerId);
  if (!account) return null;
  await lockAccount(tx, input.organizationId, account.accountId);
  // A charge of the same source that committed while this one waited for the lock.
  const raced = await existing();
  if (raced) return { invoiceId: raced.id, number: raced.number, accountId: raced.account_id, created: false };
  const issuedOn = input.issuedOn ?? todayInSouthAfrica();
  const [invoice] = await issueInvoices(tx, input.organizationId, [
    {
      accountId: account.accountId,
      learnerId: input.learnerId,
      year: Number(issuedOn.slice(0, 4)),
      issuedOn,
      dueOn: addDays(issuedOn, ONE_OFF_CHARGE_DUE_DAYS),
      lines: [
        {
          itemId: null,
          sourceRef: input.sourceRef,
          instalment: 1,
          instalments: 1,
          description: input.description,
          itemKind: ONE_OFF_CHARGE_KIND,
          grossCents: input.amountCents,
          discountCents: 0,
          discounts: [],
        },
      ],
    },
  ]);
  await allocateCredit(tx, input.organizationId, account.accountId, null);
  return { invoiceId: invoice!.id, number: invoice!.number, accountId: account.accountId, created: true };
}
