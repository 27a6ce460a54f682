import { desc, eq, sql } from 'drizzle-orm';
import { payoutFee } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TFeePayout, TFeePayouts } from '@sekolo/shared/schemas/finance';
import { rowsOf, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import { feePayouts } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { conflict } from '../../../platform/http/errors.ts';
import { postJournal } from '../../ledger/index.ts';
import { recordPayout } from '../../payments/index.ts';
import { confirmedPayoutAccount } from '../../school-settings/index.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { settleOnlinePayments } from './pay-online.ts';

/**
 * Online fee collections paid out to the school's bank account: the platform's side is the
 * payments module's payout journal (what it owes the school, less R4 weekly or R12 at once); the
 * school's side moves the collections to its bank, the fee its cost. Both in one transaction.
 * The money goes to the bank account the school admin confirmed (modules/school-settings): none
 * confirmed, no payout; the payout records which account it went to.
 */

/** Why an immediate payout is refused when the school has no confirmed bank account. */
export const NO_PAYOUT_ACCOUNT_MESSAGE =
  'Add the school’s bank account in Settings and confirm it from the e-mail before asking for a payout.';

export const WEEKLY_PAYOUTS_JOB = 'finance.weekly-payouts';

/** What the platform holds for the school from online fee payments. */
export async function collectionsHeld(db: DbExecutor, organizationId: string): Promise<number> {
  const [row] = rowsOf<{ sum: string }>(
    await db.execute(sql`SELECT coalesce(sum(amount_cents), 0) AS sum FROM ledger_entries
      WHERE account_code = 'school_due_from_platform' AND organization_id = ${organizationId}`),
  );
  return Number(row?.sum ?? 0);
}

const toPayout = (row: typeof feePayouts.$inferSelect): TFeePayout => ({
  id: row.id,
  schedule: row.schedule as TFeePayout['schedule'],
  paidOn: row.createdAt.toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' }),
  amountCents: row.amountCents,
  feeCents: row.feeCents,
  netCents: row.amountCents - row.feeCents,
});

export async function listPayouts(db: DbExecutor, organizationId: string): Promise<TFeePayouts> {
  const rows = await db
    .select()
    .from(feePayouts)
    .where(eq(feePayouts.organizationId, organizationId))
    .orderBy(desc(feePayouts.createdAt))
    .limit(100);
  return { availableCents: await collectionsHeld(db, organizationId), payouts: rows.map(toPayout) };
}

async function payOut(
  tx: DbExecutor,
  organizationId: string,
  schedule: 'weekly' | 'immediate',
  period: string | null,
  requestedBy: string | null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fee-payout:${organizationId}`}))`);
  const account = await confirmedPayoutAccount(tx, organizationId);
  if (!account) return 'no-account' as const;
  const amount = await collectionsHeld(tx, organizationId);
  const fee = payoutFee(schedule);
  if (amount <= fee) return null;
  const [payout] = await tx
    .insert(feePayouts)
    .values({
      organizationId,
      schedule,
      period,
      amountCents: amount,
      feeCents: fee,
      requestedBy,
      payoutAccountId: account.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!payout) return null;
  await recordPayout(tx, { reference: `fee-payout:${payout.id}`, organizationId, amountCents: amount, schedule });
  await postJournal(tx, {
    kind: 'fee_payout',
    reference: payout.id,
    description:
      schedule === 'weekly' ? 'Weekly payout of online fee payments' : 'Immediate payout of online fee payments',
    entries: [
      { account: 'school_bank', organizationId, amountCents: amount - fee },
      { account: 'school_payout_fees', organizationId, amountCents: fee },
      { account: 'school_due_from_platform', organizationId, amountCents: -amount },
    ],
  });
  return payout;
}

export async function requestPayout(db: Database, caller: TFinanceCaller) {
  const payout = await transaction(db, async (tx) => {
    const made = await payOut(tx, caller.organizationId, 'immediate', null, caller.userId);
    if (made === 'no-account') throw conflict(NO_PAYOUT_ACCOUNT_MESSAGE);
    if (!made)
      throw conflict(
        `Nothing to pay out: the collections held must be more than the ${formatZar(payoutFee('immediate'))} fee.`,
      );
    await recordAudit(tx, {
      action: 'finance.payout_requested',
      actorUserId: caller.userId,
      target: `fee_payout:${made.id}`,
      ip: caller.ip,
      details: { amountCents: made.amountCents, feeCents: made.feeCents },
    });
    return made;
  });
  return toPayout(payout);
}

/** ISO week of a day, '2026-W49': the weekly run pays a school once in it. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The week's Thursday decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The weekly run: every school holding more than the R4 fee is paid out once this week. */
export async function runWeeklyPayouts(db: Database, day = todayInSouthAfrica()) {
  // Paid orders not yet on their family accounts first, so the week's collections are all in.
  await settleOnlinePayments(db);
  const schools = rowsOf<{ organization_id: string }>(
    await db.execute(sql`SELECT organization_id FROM ledger_entries WHERE account_code = 'school_due_from_platform'
      GROUP BY organization_id HAVING sum(amount_cents) > ${payoutFee('weekly')}`),
  );
  let paid = 0;
  for (const { organization_id } of schools) {
    const made = await transaction(db, (tx) => payOut(tx, organization_id, 'weekly', isoWeek(day), null));
    if (made && made !== 'no-account') paid++;
  }
  return { paid };
}
