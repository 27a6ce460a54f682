import { and, count, eq } from 'drizzle-orm';
import { ENTREPRENEUR_MESSAGES as M, type TEntrepreneurOverview } from '@sekolo/shared/schemas/entrepreneurs';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { entrepreneurShops, listings } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import {
  applyShopContent,
  pendingApprovals,
  requestApproval,
  type TApprovalDeps,
  type TChanges,
  type TShopContent,
} from './approvals.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { entrepreneurApprovals } from '../../platform/db/schema/index.ts';
import { isNotNull } from 'drizzle-orm';
import { ordersThisMonth, shopEarnings } from './earnings.ts';
import { findShop, shopFromApplication, shopView } from './shop.ts';

/**
 * The shop of an approved young entrepreneur, made on first use from the application (the guardian
 * is asked at once to approve it). Runs inside the caller's transaction.
 */
export async function ensureShop(tx: DbExecutor, deps: TApprovalDeps, organizationId: string, userId: string | null) {
  if (await findShop(tx, organizationId)) return;
  const made = await shopFromApplication(tx, organizationId);
  if (!made) throw notFound(M.noShop);
  const inserted = await tx
    .insert(entrepreneurShops)
    .values(made)
    .onConflictDoNothing()
    .returning({ id: entrepreneurShops.organizationId });
  if (inserted.length > 0) await requestApproval(tx, deps, { organizationId, subject: 'shop', userId });
}

export async function entrepreneurOverview(
  db: Database,
  deps: TApprovalDeps,
  organizationId: string,
  userId: string,
): Promise<TEntrepreneurOverview> {
  if (!(await findShop(db, organizationId)))
    await transaction(db, (tx) => ensureShop(tx, deps, organizationId, userId));
  const found = (await findShop(db, organizationId))!;
  const [approvals, earnings, orders, [live]] = await Promise.all([
    pendingApprovals(db, organizationId),
    shopEarnings(db, organizationId),
    ordersThisMonth(db, organizationId),
    db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.organizationId, organizationId), eq(listings.status, 'published'))),
  ]);
  return {
    shop: shopView(found.shop, found.slug),
    approvals,
    liveListings: Number(live?.n ?? 0),
    ordersThisMonth: orders,
    salesThisMonthCents: earnings.salesThisMonthCents,
    balanceCents: earnings.balanceCents,
  };
}

/**
 * Sends the guardian fresh links for everything still waiting (a lost or expired e-mail): the
 * shop, or each listing. 409 when nothing waits.
 */
export async function remindGuardian(
  db: Database,
  deps: TApprovalDeps,
  organizationId: string,
  userId: string,
): Promise<TEntrepreneurOverview> {
  await transaction(db, async (tx) => {
    await ensureShop(tx, deps, organizationId, userId);
    const found = (await findShop(tx, organizationId))!;
    const waiting = await pendingApprovals(tx, organizationId);
    // A declined shop is asked again; else every request still open gets a fresh link.
    if (found.shop.status === 'declined') {
      await tx
        .update(entrepreneurShops)
        .set({ status: 'pending' })
        .where(eq(entrepreneurShops.organizationId, organizationId));
      await requestApproval(tx, deps, { organizationId, subject: 'shop', userId });
      return;
    }
    if (waiting.length === 0) throw conflict(M.nothingToResend);
    const open = await tx
      .select({ id: entrepreneurApprovals.id, changes: entrepreneurApprovals.changes })
      .from(entrepreneurApprovals)
      .where(
        and(eq(entrepreneurApprovals.organizationId, organizationId), eq(entrepreneurApprovals.status, 'pending')),
      );
    for (const approval of waiting)
      await requestApproval(tx, deps, {
        organizationId,
        subject: approval.subject,
        listingId: approval.listing?.id,
        userId,
        changes: (open.find((o) => o.id === approval.id)?.changes ?? null) as TChanges | null,
      });
  });
  return entrepreneurOverview(db, deps, organizationId, userId);
}

/**
 * The entrepreneur edits the shop's name, description and category. Before the guardian approved
 * the shop the edit applies at once (the guardian approves the shop as it is); afterwards it waits
 * for the guardian, and buyers see the approved shop until then. An edit back to the approved shop
 * withdraws the request.
 */
export async function updateShop(
  db: Database,
  deps: TApprovalDeps,
  organizationId: string,
  userId: string,
  input: { shopName: string; shopDescription: string; shopCategory: string },
): Promise<TEntrepreneurOverview> {
  await transaction(db, async (tx) => {
    await ensureShop(tx, deps, organizationId, userId);
    const [shop] = await tx
      .select()
      .from(entrepreneurShops)
      .where(eq(entrepreneurShops.organizationId, organizationId))
      .for('update');
    const before: TShopContent = { name: shop!.name, description: shop!.description, category: shop!.category };
    const after: TShopContent = {
      name: input.shopName,
      description: input.shopDescription,
      category: input.shopCategory,
    };
    const same =
      before.name === after.name && before.description === after.description && before.category === after.category;
    if (shop!.status !== 'approved') {
      if (same) return;
      await applyShopContent(tx, organizationId, after);
      await recordAudit(tx, {
        action: 'entrepreneur.shop_updated',
        actorUserId: userId,
        target: `organization:${organizationId}`,
        details: {
          fields: Object.keys(after).filter((k) => before[k as keyof TShopContent] !== after[k as keyof TShopContent]),
        },
      });
      return;
    }
    if (same) {
      await tx
        .update(entrepreneurApprovals)
        .set({ status: 'withdrawn', tokenHash: null })
        .where(
          and(
            eq(entrepreneurApprovals.organizationId, organizationId),
            eq(entrepreneurApprovals.subject, 'shop'),
            eq(entrepreneurApprovals.status, 'pending'),
            isNotNull(entrepreneurApprovals.changes),
          ),
        );
      return;
    }
    await requestApproval(tx, deps, { organizationId, subject: 'shop', userId, changes: { before, after } });
  });
  return entrepreneurOverview(db, deps, organizationId, userId);
}
