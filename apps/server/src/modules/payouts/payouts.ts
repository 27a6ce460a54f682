import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PAYOUT_FEES_CENTS, type TPayoutSchedule } from '@sekolo/shared/constants/fees';
import { payoutFee } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate, nextWeekday, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { PAYOUT_MESSAGES as M, type TEarnings, type TPayoutView } from '@sekolo/shared/schemas/payouts';
import { rowsOf, type Database, type DbExecutor } from '../../platform/db/client.ts';
import { marketplacePayouts, organizations } from '../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { recordPayout } from '../payments/index.ts';
import { confirmedPayoutAccount, maskAccountNumber } from './bank-account.ts';
import { payeeRecipients } from './payees.ts';

/*
 * Paying a payee's balance (what the ledger's organization_payable owes it) to its confirmed bank
 * account: the weekly run pays the whole balance once per ISO week (R4), a payee may ask for part
 * or all of it at once (R12). The money moves as payments' payout journal (recordPayout, serialised
 * per organisation: no two payouts can overdraw); the payout row says where it went and whether the
 * operator has marked the bank's batch paid. Schools are paid out by modules/finance.
 */

/** The organisation types paid out here. */
export const PAYEE_TYPES = ['business', 'charity', 'shop'] as const;

type TPayoutRow = typeof marketplacePayouts.$inferSelect;

/** What the ledger owes the organisation now (its payable is a credit: minus the sum). */
export async function availableBalance(db: DbExecutor, organizationId: string): Promise<number> {
  const [row] = rowsOf<{ sum: string }>(
    await db.execute(sql`SELECT coalesce(sum(amount_cents), 0)::bigint AS sum FROM ledger_entries
      WHERE account_code = 'organization_payable' AND organization_id = ${organizationId}`),
  );
  return -Number(row?.sum ?? 0);
}

/**
 * The balance taken apart by the journals that moved it. A payment journal's commission and fee
 * lines are this organisation's when the journal pays only it (a school-style payment); a
 * marketplace basket's commission is a journal per seller, and each seller order carries its share
 * of the buyers' processing fee.
 */
export async function earningsOf(db: DbExecutor, organizationId: string): Promise<TEarnings> {
  const rows = rowsOf<{ kind: string; account_code: string; sum: string }>(
    await db.execute(sql`
      WITH mine AS (
        SELECT DISTINCT journal_id FROM ledger_entries
        WHERE account_code = 'organization_payable' AND organization_id = ${organizationId}),
      single AS (
        SELECT e.journal_id FROM ledger_entries e JOIN mine m ON m.journal_id = e.journal_id
        WHERE e.account_code = 'organization_payable'
        GROUP BY e.journal_id HAVING count(DISTINCT e.organization_id) = 1)
      SELECT j.kind, e.account_code, sum(e.amount_cents)::bigint AS sum
      FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
      WHERE (e.account_code = 'organization_payable' AND e.organization_id = ${organizationId}
             AND e.journal_id IN (SELECT journal_id FROM mine))
         OR (e.account_code IN ('commission_revenue', 'processing_fee_revenue', 'payout_fee_revenue')
             AND e.journal_id IN (SELECT journal_id FROM single))
      GROUP BY j.kind, e.account_code`),
  );
  const of = (kind: string, account: string) =>
    rows
      .filter((r) => (kind === '*' || r.kind === kind) && r.account_code === account)
      .reduce((sum, r) => sum + Number(r.sum), 0);
  const [orders] = rowsOf<{ fees: string }>(
    await db.execute(sql`SELECT coalesce(sum(processing_fee_cents), 0)::bigint AS fees FROM marketplace_orders
      WHERE seller_organization_id = ${organizationId} AND paid_at IS NOT NULL`),
  );
  const payable = of('*', 'organization_payable');
  const sales = -(of('payment', 'organization_payable') + of('payment', 'commission_revenue'));
  const commission =
    -of('payment', 'commission_revenue') +
    of('commission', 'organization_payable') -
    of('refund', 'commission_revenue');
  const refunds = of('refund', 'organization_payable') + of('refund', 'commission_revenue');
  const payouts = of('payout', 'organization_payable');
  const processingFees =
    -of('payment', 'processing_fee_revenue') + Number(orders?.fees ?? 0) - of('refund', 'processing_fee_revenue');
  return {
    salesCents: sales,
    commissionCents: commission,
    processingFeesCents: processingFees,
    refundsCents: refunds,
    payoutsCents: payouts,
    payoutFeesCents: -of('payout', 'payout_fee_revenue'),
    adjustmentsCents: -payable - (sales - commission - refunds - payouts),
  };
}

export function toPayoutView(row: TPayoutRow): TPayoutView {
  return {
    id: row.id,
    reference: row.reference,
    schedule: row.schedule,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    netCents: row.amountCents - row.feeCents,
    status: row.status,
    bankName: row.bankAccount.bank,
    accountNumberMasked: maskAccountNumber(row.bankAccount.accountNumber),
    orderCount: row.orderCount,
    dueBy: row.dueBy,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export async function listPayouts(db: DbExecutor, organizationId: string): Promise<TPayoutView[]> {
  const rows = await db
    .select()
    .from(marketplacePayouts)
    .where(eq(marketplacePayouts.organizationId, organizationId))
    .orderBy(desc(marketplacePayouts.createdAt))
    .limit(100);
  return rows.map(toPayoutView);
}

/** Seven business days (weekdays) after `day`: the SLA's latest day for the bank to pay. */
export function slaDueBy(day: string): string {
  let date = day;
  for (let i = 0; i < 7; i++) date = nextWeekday(date);
  return date;
}

/** ISO week of a day, '2026-W49': the weekly run pays an organisation once in it. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The week's Thursday decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export type TPayOutInput = {
  organizationId: string;
  schedule: TPayoutSchedule;
  reference: string;
  /** null: the whole balance (the weekly run). */
  amountCents: number | null;
  requestedBy: string | null;
  day?: string;
};

/**
 * One payout, inside `tx`: the organisation's payouts are serialised (the same lock as
 * recordPayout's), the account must be confirmed, the amount at most the balance and more than the
 * fee. The same reference answers the payout made before. The remittance advice is e-mailed to the
 * payee's people when the transaction commits (the outbox). 'none': nothing to pay out.
 */
export async function payOut(tx: DbExecutor, mailer: Mailer, input: TPayOutInput): Promise<TPayoutRow | 'none'> {
  const { organizationId, schedule } = input;
  await lockForTransaction(tx, `payout:${organizationId}`);
  const [existing] = await tx
    .select()
    .from(marketplacePayouts)
    .where(eq(marketplacePayouts.reference, input.reference));
  if (existing) return existing;
  const account = await confirmedPayoutAccount(tx, organizationId);
  if (!account) throw conflict(M.noAccount);
  const fee = payoutFee(schedule);
  const available = await availableBalance(tx, organizationId);
  const amount = input.amountCents ?? available;
  if (input.amountCents === null && amount <= fee) return 'none';
  if (amount <= fee) throw badRequest(M.moreThanFee(fee));
  if (amount > available)
    throw conflict(`The balance is ${formatZar(Math.max(available, 0))}; a payout cannot be more than that.`);
  const { journal } = await recordPayout(tx, {
    reference: input.reference,
    organizationId,
    amountCents: amount,
    schedule,
  });
  const [orders] = rowsOf<{ n: string }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM marketplace_orders o
      WHERE o.seller_organization_id = ${organizationId} AND o.paid_at IS NOT NULL AND o.payout_id IS NULL
        AND o.status NOT IN ('cancelled', 'abandoned')`),
  );
  const day = input.day ?? todayInSouthAfrica();
  const [row] = await tx
    .insert(marketplacePayouts)
    .values({
      organizationId,
      reference: input.reference,
      schedule,
      amountCents: amount,
      feeCents: fee,
      orderCount: Number(orders?.n ?? 0),
      bankAccount: {
        accountName: account.accountHolder,
        bank: account.bankName,
        accountNumber: account.accountNumber,
        branchCode: account.branchCode,
        accountType: account.accountType,
      },
      journalId: journal.id,
      dueBy: slaDueBy(day),
      requestedBy: input.requestedBy,
    })
    .returning();
  // The seller orders this payout carries (the marketplace shows which payout paid an order).
  await tx.execute(sql`UPDATE marketplace_orders SET payout_id = ${row!.id}
    WHERE seller_organization_id = ${organizationId} AND paid_at IS NOT NULL AND payout_id IS NULL
      AND status NOT IN ('cancelled', 'abandoned')`);
  await sendRemittanceAdvice(tx, mailer, row!);
  return row!;
}

async function sendRemittanceAdvice(tx: DbExecutor, mailer: Mailer, row: TPayoutRow) {
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  const recipients = await payeeRecipients(tx, row.organizationId);
  await mailer.sendMany(
    recipients.map((person) => ({
      to: person.email,
      subject: `Remittance advice: ${formatZar(row.amountCents - row.feeCents)} to ${organization?.name ?? 'your organisation'}`,
      tag: 'payout-remittance',
      ...composeMail({
        greeting: `Hello ${person.name},`,
        paragraphs: [
          `Sekolo is paying ${organization?.name ?? 'your organisation'}'s balance out to the bank account below. The bank pays it by ${formatDate(row.dueBy)} at the latest.`,
        ],
        details: [
          ['Reference', row.reference],
          ['Payout', row.schedule === 'weekly' ? 'Weekly payout' : 'Immediate payout'],
          ['Taken from the balance', formatZar(row.amountCents)],
          [`Payout fee (${row.schedule === 'weekly' ? 'weekly' : 'immediate'})`, formatZar(row.feeCents)],
          ['Paid to the bank account', formatZar(row.amountCents - row.feeCents)],
          ['Bank', row.bankAccount.bank],
          ['Account number', maskAccountNumber(row.bankAccount.accountNumber)],
          ['Orders', String(row.orderCount)],
        ],
        footer: ['Your payout history is on the Payouts page of your dashboard.'],
      }),
    })),
    { within: tx },
  );
}

/** A payee asks for `amountCents` now (R12 fee): audited. */
export async function requestImmediatePayout(
  db: Database,
  mailer: Mailer,
  caller: { organizationId: string; userId: string; ip: string | null },
  amountCents: number,
): Promise<TPayoutView> {
  const row = await transaction(db, async (tx) => {
    const made = await payOut(tx, mailer, {
      organizationId: caller.organizationId,
      schedule: 'immediate',
      reference: `payout:${caller.organizationId}:now:${randomUUID()}`,
      amountCents,
      requestedBy: caller.userId,
    });
    if (made === 'none') throw badRequest(M.moreThanFee(PAYOUT_FEES_CENTS.immediate));
    await recordAudit(tx, {
      action: 'payouts.immediate_payout_requested',
      actorUserId: caller.userId,
      target: `payout:${made.id}`,
      ip: caller.ip,
      details: { organizationId: caller.organizationId, amountCents: made.amountCents, feeCents: made.feeCents },
    });
    return made;
  });
  return toPayoutView(row);
}

/**
 * The weekly run: every business, charity and shop with a confirmed account and a balance above the
 * R4 fee is paid its balance, once per ISO week (reference payout:<org>:<week>): a second run in the
 * same week pays nobody twice.
 */
export async function runWeeklyPayouts(db: Database, mailer: Mailer, day = todayInSouthAfrica()) {
  const week = isoWeek(day);
  const due = rowsOf<{ organization_id: string }>(
    await db.execute(sql`SELECT e.organization_id FROM ledger_entries e
      JOIN organizations o ON o.id::text = e.organization_id
      WHERE e.account_code = 'organization_payable' AND o.type IN ('business', 'charity', 'shop')
        AND EXISTS (SELECT 1 FROM school_payout_accounts a WHERE a.organization_id = o.id AND a.status = 'confirmed')
      GROUP BY e.organization_id HAVING -sum(e.amount_cents) > ${payoutFee('weekly')}`),
  );
  let paid = 0;
  for (const { organization_id } of due) {
    const reference = `payout:${organization_id}:${week}`;
    const made = await transaction(db, async (tx) => {
      const [before] = await tx
        .select({ id: marketplacePayouts.id })
        .from(marketplacePayouts)
        .where(eq(marketplacePayouts.reference, reference));
      if (before) return null;
      const row = await payOut(tx, mailer, {
        organizationId: organization_id,
        schedule: 'weekly',
        reference,
        amountCents: null,
        requestedBy: null,
        day,
      });
      return row === 'none' ? null : row;
    });
    if (made) paid++;
  }
  return { paid, week };
}

/** The operator's list: payouts in the bank file not yet marked paid, oldest first, then the last paid. */
export async function listConsolePayouts(db: DbExecutor) {
  const rows = await db
    .select({ payout: marketplacePayouts, organizationName: organizations.name })
    .from(marketplacePayouts)
    .innerJoin(organizations, eq(organizations.id, marketplacePayouts.organizationId))
    .orderBy(sql`${marketplacePayouts.status} = 'paid'`, desc(marketplacePayouts.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...toPayoutView(r.payout), organizationName: r.organizationName }));
}

/** The operator marks the batch the bank paid: processing → paid, audited. */
export async function markPayoutsPaid(
  db: Database,
  operator: { userId: string; ip: string | null },
  payoutIds: readonly string[],
): Promise<number> {
  return transaction(db, async (tx) => {
    const marked = await tx
      .update(marketplacePayouts)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(inArray(marketplacePayouts.id, [...payoutIds]), eq(marketplacePayouts.status, 'processing')))
      .returning({ id: marketplacePayouts.id });
    if (marked.length === 0) throw conflict(M.nothingToMark);
    await recordAudit(tx, {
      action: 'payouts.batch_marked_paid',
      actorUserId: operator.userId,
      target: `payouts:${marked.length}`,
      ip: operator.ip,
      details: { payoutIds: marked.map((m) => m.id) },
    });
    return marked.length;
  });
}
