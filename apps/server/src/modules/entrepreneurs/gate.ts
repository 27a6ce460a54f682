import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ENTREPRENEUR_MESSAGES as M } from '@sekolo/shared/schemas/entrepreneurs';
import type { DbExecutor } from '../../platform/db/client.ts';
import { entrepreneurApprovals, entrepreneurShops } from '../../platform/db/schema/index.ts';
import {
  discardHeldChange,
  liveListingContent,
  sameListingContent,
  type TListingContent,
  type TPublicationGate,
} from '../listings/index.ts';
import { requestApproval, type TApprovalDeps } from './approvals.ts';

/** Whether the guardian approved this listing's publication once (its first approval, not a change). */
async function approvedOnce(tx: DbExecutor, organizationId: string, listingId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: entrepreneurApprovals.id })
    .from(entrepreneurApprovals)
    .where(
      and(
        eq(entrepreneurApprovals.organizationId, organizationId),
        eq(entrepreneurApprovals.listingId, listingId),
        eq(entrepreneurApprovals.status, 'approved'),
        isNull(entrepreneurApprovals.changes),
      ),
    )
    .limit(1);
  return Boolean(row);
}
import { ensureShop } from './overview.ts';

/**
 * D23 for the listings module: a young entrepreneur's listing goes on sale only once their
 * consenting guardian approved it (asking to publish e-mails the guardian a link); the shop's
 * public page shows once the guardian approved the shop.
 */
export function entrepreneurPublicationGate(deps: TApprovalDeps): TPublicationGate {
  return {
    async onPublish(tx, { organizationId, listingId, userId }) {
      await ensureShop(tx, deps, organizationId, userId);
      // Changes are asked separately: the listing's row always holds what the guardian approved.
      const [latest] = await tx
        .select({ status: entrepreneurApprovals.status })
        .from(entrepreneurApprovals)
        .where(
          and(
            eq(entrepreneurApprovals.organizationId, organizationId),
            eq(entrepreneurApprovals.listingId, listingId),
            isNull(entrepreneurApprovals.changes),
          ),
        )
        .orderBy(desc(entrepreneurApprovals.requestedAt))
        .limit(1);
      // Approved once, it may go back on sale after the entrepreneur took it off; a request still open is not repeated.
      if (latest?.status === 'approved') return 'publish';
      if (latest?.status === 'pending') return 'held';
      await requestApproval(tx, deps, { organizationId, subject: 'listing', listingId, userId });
      return 'held';
    },
    async sellerIsLive(db, organizationId) {
      const [shop] = await db
        .select({ status: entrepreneurShops.status })
        .from(entrepreneurShops)
        .where(eq(entrepreneurShops.organizationId, organizationId));
      return shop?.status === 'approved';
    },
    async notesFor(db: DbExecutor, organizationId, listingIds) {
      const notes = new Map<string, string>();
      if (listingIds.length === 0) return notes;
      const rows = await db
        .selectDistinctOn([entrepreneurApprovals.listingId], {
          listingId: entrepreneurApprovals.listingId,
          status: entrepreneurApprovals.status,
          reason: entrepreneurApprovals.reason,
          change: sql<boolean>`${entrepreneurApprovals.changes} is not null`,
        })
        .from(entrepreneurApprovals)
        .where(
          and(
            eq(entrepreneurApprovals.organizationId, organizationId),
            inArray(entrepreneurApprovals.listingId, listingIds),
            sql`${entrepreneurApprovals.status} <> 'withdrawn'`,
          ),
        )
        .orderBy(entrepreneurApprovals.listingId, desc(entrepreneurApprovals.requestedAt));
      for (const row of rows) {
        if (row.status === 'pending') notes.set(row.listingId!, row.change ? M.changesAwaiting : M.awaitingApproval);
        if (row.status === 'declined')
          notes.set(row.listingId!, row.change ? M.changesDeclined(row.reason ?? '') : M.declined(row.reason ?? ''));
      }
      return notes;
    },
    /**
     * Once the guardian approved a listing, what buyers see of it changes only with their approval:
     * the change waits (a newer one replaces it), the approved version stays on sale. An edit back to
     * the approved version withdraws the request. Before the first approval the seller edits freely.
     */
    async onEdit(tx, { organizationId, listingId, userId, proposed }) {
      if (!(await approvedOnce(tx, organizationId, listingId))) return 'apply';
      const live = (await liveListingContent(tx, listingId))!;
      if (sameListingContent(live, proposed)) {
        await tx
          .update(entrepreneurApprovals)
          .set({ status: 'withdrawn', tokenHash: null })
          .where(
            and(
              eq(entrepreneurApprovals.organizationId, organizationId),
              eq(entrepreneurApprovals.listingId, listingId),
              eq(entrepreneurApprovals.status, 'pending'),
            ),
          );
        await discardHeldChange(tx, { listingId });
        return 'apply';
      }
      await requestApproval(tx, deps, {
        organizationId,
        subject: 'listing',
        listingId,
        userId,
        changes: { before: live, after: proposed },
      });
      return 'held';
    },
    async heldChanges(db, organizationId, listingIds) {
      const held = new Map<string, TListingContent>();
      if (listingIds.length === 0) return held;
      const rows = await db
        .select({ listingId: entrepreneurApprovals.listingId, changes: entrepreneurApprovals.changes })
        .from(entrepreneurApprovals)
        .where(
          and(
            eq(entrepreneurApprovals.organizationId, organizationId),
            inArray(entrepreneurApprovals.listingId, listingIds),
            eq(entrepreneurApprovals.status, 'pending'),
            sql`${entrepreneurApprovals.changes} is not null`,
          ),
        );
      for (const row of rows) held.set(row.listingId!, (row.changes as { after: TListingContent }).after);
      return held;
    },
  };
}
