import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { recordAudit } from '../../platform/audit/audit.ts';

/**
 * Someone else's approval that a kind of seller needs before its listings go on sale. The module
 * that owns that seller type registers one gate for its organisation type, once, when its routes
 * are registered (young entrepreneurs: the consenting guardian approves each listing, D23).
 *
 * - `onPublish` runs inside the seller's publishing transaction, after the listing's own checks:
 *   'publish' lets it go on sale now; 'held' keeps it a draft (the gate records the request).
 * - `sellerIsLive` says whether the seller's public page may be shown.
 * - `notesFor` gives the seller a line per held or declined listing for their dashboard.
 */
export type TPublicationGate = {
  onPublish(
    tx: DbExecutor,
    request: { organizationId: string; listingId: string; userId: string },
  ): Promise<'publish' | 'held'>;
  sellerIsLive(db: DbExecutor, organizationId: string): Promise<boolean>;
  notesFor(db: DbExecutor, organizationId: string, listingIds: string[]): Promise<Map<string, string>>;
};

const gates = new Map<string, TPublicationGate>();

/** Registers (or replaces: tests build many apps) the gate of one organisation type. */
export function setPublicationGate(organizationType: string, gate: TPublicationGate): void {
  gates.set(organizationType, gate);
}

export function publicationGateFor(organizationType: string | null | undefined): TPublicationGate | undefined {
  return organizationType ? gates.get(organizationType) : undefined;
}

/**
 * A held listing approved: it goes on sale, unless the seller archived it or an operator took it off
 * sale meanwhile. Runs in the approver's transaction; answers whether it was published.
 */
export async function publishHeldListing(
  tx: DbExecutor,
  input: { listingId: string; organizationId: string; approvedByUserId: string | null },
): Promise<boolean> {
  const published = await tx
    .update(listings)
    .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(listings.id, input.listingId),
        eq(listings.organizationId, input.organizationId),
        eq(listings.status, 'draft'),
        sql`${listings.unpublishedByOperatorAt} is null`,
      ),
    )
    .returning({ id: listings.id });
  if (published.length === 0) return false;
  await recordAudit(tx, {
    action: 'listing.published',
    actorUserId: input.approvedByUserId,
    target: `listing:${input.listingId}`,
    details: { approved: true },
  });
  return true;
}
