import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TShopEarnings } from '@sekolo/shared/schemas/entrepreneurs';
import type { DbExecutor } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { ledgerEntries, ledgerJournals, marketplaceOrders } from '../../platform/db/schema/index.ts';

/** The start of this month in Johannesburg, as the instant the database compares with. */
const MONTH_START = sql`(date_trunc('month', now() at time zone 'Africa/Johannesburg') at time zone 'Africa/Johannesburg')`;

/**
 * What the shop earned, from its `organization_payable` lines in the ledger (D13: the ledger is the
 * one record of money): sales credit it, the platform's commission and payouts debit it, a refund
 * gives back the sale less its commission. The balance is what the shop is owed now.
 */
export async function shopEarnings(db: DbExecutor, organizationId: string): Promise<TShopEarnings> {
  const mine = and(
    eq(ledgerEntries.accountCode, 'organization_payable'),
    eq(ledgerEntries.organizationId, organizationId),
  );
  const [totals] = await db
    .select({
      sales: sql<string>`coalesce(sum(-${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'payment'), 0)::bigint`,
      commission: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'commission'), 0)::bigint`,
      refunds: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'refund'), 0)::bigint`,
      payouts: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'payout'), 0)::bigint`,
      balance: sql<string>`coalesce(sum(-${ledgerEntries.amountCents}), 0)::bigint`,
      salesThisMonth: sql<string>`coalesce(sum(-${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'payment' and ${ledgerJournals.createdAt} >= ${MONTH_START}), 0)::bigint`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(mine);
  const monthOf = sql<string>`to_char(${ledgerJournals.createdAt} at time zone 'Africa/Johannesburg', 'YYYY-MM')`;
  const months = await db
    .select({
      month: monthOf,
      sales: sql<string>`coalesce(sum(-${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'payment'), 0)::bigint`,
      commission: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerJournals.kind} = 'commission'), 0)::bigint`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(mine, inArray(ledgerJournals.kind, ['payment', 'commission'])))
    .groupBy(monthOf)
    .orderBy(desc(monthOf))
    .limit(12);
  const n = (value: string | undefined) => Number(value ?? 0) + 0;
  return {
    salesCents: n(totals?.sales),
    commissionCents: n(totals?.commission),
    refundsCents: n(totals?.refunds),
    payoutsCents: n(totals?.payouts),
    balanceCents: n(totals?.balance),
    salesThisMonthCents: n(totals?.salesThisMonth),
    months: months.map((m) => ({ month: m.month, salesCents: n(m.sales), commissionCents: n(m.commission) })),
  };
}

/** The shop's latest paid orders, for the guardian's read-only view. */
export async function recentShopOrders(db: DbExecutor, organizationId: string, limit = 10) {
  const rows = await db
    .select({
      reference: marketplaceOrders.reference,
      status: marketplaceOrders.status,
      subtotalCents: marketplaceOrders.subtotalCents,
      paidAt: marketplaceOrders.paidAt,
    })
    .from(marketplaceOrders)
    .where(
      and(eq(marketplaceOrders.sellerOrganizationId, organizationId), sql`${marketplaceOrders.paidAt} is not null`),
    )
    .orderBy(desc(marketplaceOrders.paidAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, paidAt: r.paidAt?.toISOString() ?? null }));
}

/** Paid orders this month (Johannesburg), for the overview. */
export async function ordersThisMonth(db: DbExecutor, organizationId: string): Promise<number> {
  const rows = rowsOf<{ n: string }>(
    await db.execute(
      sql`select count(*)::int as n from ${marketplaceOrders} where ${marketplaceOrders.sellerOrganizationId} = ${organizationId} and ${marketplaceOrders.paidAt} >= ${MONTH_START}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}
