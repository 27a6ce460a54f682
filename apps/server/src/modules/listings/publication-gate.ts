import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { listings, type TListingCategory, type TListingKind } from '../../platform/db/schema/listings.ts';
import { listingImages, listingVariants } from '../../platform/db/schema/marketplace.ts';
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
 * - `onEdit` runs inside the seller's editing transaction with what buyers would see after the
 *   edit: 'apply' writes it now; 'held' keeps the approved content on the row (the gate records
 *   the change and applies it with `applyHeldChange` once approved). Stock is never held.
 * - `heldChanges` gives the content waiting for approval, which the seller sees in their dashboard.
 */
export type TPublicationGate = {
  onPublish(
    tx: DbExecutor,
    request: { organizationId: string; listingId: string; userId: string },
  ): Promise<'publish' | 'held'>;
  sellerIsLive(db: DbExecutor, organizationId: string): Promise<boolean>;
  notesFor(db: DbExecutor, organizationId: string, listingIds: string[]): Promise<Map<string, string>>;
  onEdit(
    tx: DbExecutor,
    request: { organizationId: string; listingId: string; userId: string; proposed: TListingContent },
  ): Promise<'apply' | 'held'>;
  heldChanges(db: DbExecutor, organizationId: string, listingIds: string[]): Promise<Map<string, TListingContent>>;
};

/** What a buyer sees of a listing: its texts, price, variants' labels and pictures (in order). */
export type TListingContent = {
  title: string;
  description: string;
  kind: TListingKind;
  category: TListingCategory;
  subcategory: string;
  priceCents: number;
  /** Variants by id (null: added by the change), with the stock the seller set. */
  variants: { id: string | null; label: string; stock: number | null }[];
  stock: number | null;
  imageIds: string[];
};

/** The listing's content as buyers see it now (pictures held for approval left out). */
export async function liveListingContent(db: DbExecutor, listingId: string): Promise<TListingContent | null> {
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!row) return null;
  const [variants, images] = await Promise.all([
    db
      .select({ id: listingVariants.id, label: listingVariants.label, stock: listingVariants.stock })
      .from(listingVariants)
      .where(eq(listingVariants.listingId, listingId))
      .orderBy(asc(listingVariants.position)),
    db
      .select({ id: listingImages.id })
      .from(listingImages)
      .where(and(eq(listingImages.listingId, listingId), eq(listingImages.heldForApproval, false)))
      .orderBy(asc(listingImages.position), asc(listingImages.createdAt)),
  ]);
  return {
    title: row.title,
    description: row.description,
    kind: row.kind,
    category: row.category,
    subcategory: row.subcategory,
    priceCents: row.priceCents,
    variants,
    stock: row.stock,
    imageIds: images.map((i) => i.id),
  };
}

/** What the seller edits: the change waiting for approval, else what buyers see. */
export async function contentForEdit(
  tx: DbExecutor,
  gate: TPublicationGate,
  organizationId: string,
  listingId: string,
): Promise<TListingContent> {
  return (
    (await gate.heldChanges(tx, organizationId, [listingId])).get(listingId) ??
    (await liveListingContent(tx, listingId))!
  );
}

/** Whether two contents differ in anything a buyer sees (stock aside). */
export function sameListingContent(a: TListingContent, b: TListingContent): boolean {
  const shown = (c: TListingContent) =>
    JSON.stringify([
      c.title,
      c.description,
      c.kind,
      c.category,
      c.subcategory,
      c.priceCents,
      c.variants.map((v) => [v.id, v.label]),
      c.imageIds,
    ]);
  return shown(a) === shown(b);
}

/**
 * An approved change goes live in the approver's transaction: texts and price, variants (those that
 * stay keep the stock they have now: sales went on meanwhile), the pictures in the approved order;
 * pictures the change removed go. Answers the storage keys to remove once committed.
 */
export async function applyHeldChange(
  tx: DbExecutor,
  input: { listingId: string; organizationId: string; content: TListingContent; approvedByUserId: string | null },
): Promise<string[]> {
  const { content } = input;
  const updated = await tx
    .update(listings)
    .set({
      title: content.title,
      description: content.description,
      kind: content.kind,
      category: content.category,
      subcategory: content.subcategory,
      priceCents: content.priceCents,
      ...(content.variants.length > 0 ? { stock: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(listings.id, input.listingId), eq(listings.organizationId, input.organizationId)))
    .returning({ id: listings.id, stock: listings.stock });
  if (updated.length === 0) return [];
  const keep = content.variants.flatMap((v) => (v.id ? [v.id] : []));
  await tx
    .delete(listingVariants)
    .where(
      and(
        eq(listingVariants.listingId, input.listingId),
        keep.length > 0 ? notInArray(listingVariants.id, keep) : undefined,
      ),
    );
  for (const [position, variant] of content.variants.entries()) {
    if (variant.id) {
      const kept = await tx
        .update(listingVariants)
        .set({ label: variant.label, position })
        .where(and(eq(listingVariants.id, variant.id), eq(listingVariants.listingId, input.listingId)))
        .returning({ id: listingVariants.id });
      if (kept.length > 0) continue;
    }
    await tx
      .insert(listingVariants)
      .values({ listingId: input.listingId, label: variant.label, stock: variant.stock, position });
  }
  if (content.variants.length === 0 && updated[0]!.stock === null && content.stock !== null)
    await tx.update(listings).set({ stock: content.stock }).where(eq(listings.id, input.listingId));
  for (const [position, id] of content.imageIds.entries())
    await tx
      .update(listingImages)
      .set({ heldForApproval: false, position })
      .where(and(eq(listingImages.id, id), eq(listingImages.listingId, input.listingId)));
  const gone = await tx
    .delete(listingImages)
    .where(
      and(
        eq(listingImages.listingId, input.listingId),
        content.imageIds.length > 0 ? notInArray(listingImages.id, content.imageIds) : undefined,
      ),
    )
    .returning({ full: listingImages.storageKey, thumb: listingImages.thumbKey });
  await recordAudit(tx, {
    action: 'listing.change_applied',
    actorUserId: input.approvedByUserId,
    target: `listing:${input.listingId}`,
    details: { approved: true },
  });
  return gone.flatMap((g) => [g.full, g.thumb]);
}

/**
 * A declined (or withdrawn) change: the pictures it added and nothing else approved go; the approved
 * content stays on sale. Answers the storage keys to remove once committed.
 */
export async function discardHeldChange(
  tx: DbExecutor,
  input: { listingId: string; keepImageIds?: string[] },
): Promise<string[]> {
  const gone = await tx
    .delete(listingImages)
    .where(
      and(
        eq(listingImages.listingId, input.listingId),
        eq(listingImages.heldForApproval, true),
        input.keepImageIds && input.keepImageIds.length > 0
          ? notInArray(listingImages.id, input.keepImageIds)
          : undefined,
      ),
    )
    .returning({ full: listingImages.storageKey, thumb: listingImages.thumbKey });
  return gone.flatMap((g) => [g.full, g.thumb]);
}
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
