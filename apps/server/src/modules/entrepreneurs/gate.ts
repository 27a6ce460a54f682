import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ENTREPRENEUR_MESSAGES as M } from '@sekolo/shared/schemas/entrepreneurs';
import type { DbExecutor } from '../../platform/db/client.ts';
import { entrepreneurApprovals, entrepreneurShops } from '../../platform/db/schema/index.ts';
import type { TPublicationGate } from '../listings/index.ts';
import { requestApproval, type TApprovalDeps } from './approvals.ts';
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
      const [latest] = await tx
        .select({ status: entrepreneurApprovals.status })
        .from(entrepreneurApprovals)
        .where(
          and(eq(entrepreneurApprovals.organizationId, organizationId), eq(entrepreneurApprovals.listingId, listingId)),
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
        if (row.status === 'pending') notes.set(row.listingId!, M.awaitingApproval);
        if (row.status === 'declined') notes.set(row.listingId!, M.declined(row.reason ?? ''));
      }
      return notes;
    },
  };
}
