import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  LISTING_MESSAGES as M,
  type ZListingInput,
  ratingAverage,
  type TListingStatus,
  type TOwnListing,
  type TOwnListingsPage,
} from '@sekolo/shared/schemas/marketplace';
import type { z } from 'zod';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { listingImages, listingVariants } from '../../platform/db/schema/marketplace.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { allowedKindsOf, ensureSellerProfile } from './seller-profile.ts';
import { imageUrls } from './listing-images.ts';
import { contentForEdit, publicationGateFor, type TListingContent } from './publication-gate.ts';

type TListingRow = typeof listings.$inferSelect;
type TInput = z.output<typeof ZListingInput>;

async function viewsOf(db: DbExecutor, rows: TListingRow[]): Promise<TOwnListing[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const organizationId = rows[0]!.organizationId;
  const gate = publicationGateFor(await organizationTypeOf(db, organizationId));
  const [variants, images, notes, held] = await Promise.all([
    db
      .select()
      .from(listingVariants)
      .where(inArray(listingVariants.listingId, ids))
      .orderBy(asc(listingVariants.position)),
    db
      .select()
      .from(listingImages)
      .where(inArray(listingImages.listingId, ids))
      .orderBy(asc(listingImages.position), asc(listingImages.createdAt)),
    gate ? gate.notesFor(db, organizationId, ids) : new Map<string, string>(),
    gate ? gate.heldChanges(db, organizationId, ids) : new Map<string, TListingContent>(),
  ]);
  // The seller sees their listing as it will be once a change waiting for approval is approved.
  return rows.map((row) => {
    const change = held.get(row.id);
    const own = images.filter((i) => i.listingId === row.id);
    const pictures = change
      ? change.imageIds.flatMap((id) => own.filter((i) => i.id === id))
      : own.filter((i) => !i.heldForApproval);
    const content = change ?? row;
    return {
      id: row.id,
      title: content.title,
      description: content.description,
      kind: content.kind,
      category: content.category,
      subcategory: content.subcategory,
      priceCents: content.priceCents,
      stock: row.stock,
      status: row.status,
      variants: change
        ? change.variants.map((v) => ({
            id: v.id ?? '',
            label: v.label,
            stock: variants.find((live) => live.id === v.id)?.stock ?? v.stock,
          }))
        : variants.filter((v) => v.listingId === row.id).map((v) => ({ id: v.id, label: v.label, stock: v.stock })),
      images: pictures.map((i) => ({ id: i.id, alt: i.alt || content.title, ...imageUrls(i.id) })),
      unpublishedByOperator: row.unpublishedByOperatorAt
        ? { at: row.unpublishedByOperatorAt.toISOString(), reason: row.unpublishReason ?? '' }
        : null,
      ratingAverage: ratingAverage(row.ratingSum, row.ratingCount),
      ratingCount: row.ratingCount,
      soldCount: row.soldCount,
      updatedAt: row.updatedAt.toISOString(),
      publicationNote: notes.get(row.id) ?? null,
    };
  });
}

async function organizationTypeOf(db: DbExecutor, organizationId: string): Promise<string | null> {
  const [org] = await db
    .select({ type: organizations.type })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.type ?? null;
}

/** The seller's own listings (any state), newest change first, and which kinds they may list. */
export async function listOwn(
  db: DbExecutor,
  organizationId: string,
  query: { status?: TListingStatus; page: number; pageSize: number },
): Promise<TOwnListingsPage> {
  const profile = await ensureSellerProfile(db, organizationId);
  const where = and(
    eq(listings.organizationId, organizationId),
    query.status ? eq(listings.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(desc(listings.updatedAt), asc(listings.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return {
    items: await viewsOf(db, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    allowedKinds: allowedKindsOf(profile),
  };
}

async function ownRow(db: DbExecutor, organizationId: string, id: string, lock = false): Promise<TListingRow> {
  const base = db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.organizationId, organizationId)));
  const [row] = lock ? await base.for('update') : await base;
  // Another seller's listing answers the same 404 as a missing one.
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function getOwn(db: DbExecutor, organizationId: string, id: string): Promise<TOwnListing> {
  return (await viewsOf(db, [await ownRow(db, organizationId, id)]))[0]!;
}

async function assertKindAllowed(db: DbExecutor, organizationId: string, input: TInput) {
  const kinds = allowedKindsOf(await ensureSellerProfile(db, organizationId));
  if (!kinds.includes(input.kind)) {
    const message = input.kind === 'product' ? M.productNeedsVendor : M.serviceNeedsProvider;
    throw badRequest(message, { kind: message });
  }
}

async function saveVariants(tx: DbExecutor, listingId: string, variants: TInput['variants']) {
  const keep = variants.filter((v) => v.id).map((v) => v.id!);
  // Variants missing from the list go (order lines keep their label; their variant id is set null).
  await tx
    .delete(listingVariants)
    .where(
      and(eq(listingVariants.listingId, listingId), keep.length > 0 ? notInArray(listingVariants.id, keep) : undefined),
    );
  for (const [position, variant] of variants.entries()) {
    if (variant.id) {
      const updated = await tx
        .update(listingVariants)
        .set({ label: variant.label, stock: variant.stock, position })
        .where(and(eq(listingVariants.id, variant.id), eq(listingVariants.listingId, listingId)))
        .returning({ id: listingVariants.id });
      if (updated.length > 0) continue;
    }
    await tx.insert(listingVariants).values({ listingId, label: variant.label, stock: variant.stock, position });
  }
}

/** While a change waits for approval, stock still changes at once: it is not something to approve. */
async function saveHeldStock(tx: DbExecutor, listingId: string, input: TInput) {
  const live = await tx
    .select({ id: listingVariants.id })
    .from(listingVariants)
    .where(eq(listingVariants.listingId, listingId));
  if (live.length === 0 && input.variants.length === 0) {
    await tx
      .update(listings)
      .set({ stock: input.stock, updatedAt: sql`now()` })
      .where(eq(listings.id, listingId));
    return;
  }
  for (const variant of input.variants)
    if (variant.id && live.some((v) => v.id === variant.id))
      await tx
        .update(listingVariants)
        .set({ stock: variant.stock })
        .where(and(eq(listingVariants.id, variant.id), eq(listingVariants.listingId, listingId)));
  await tx
    .update(listings)
    .set({ updatedAt: sql`now()` })
    .where(eq(listings.id, listingId));
}

/** A new listing, as a draft: the seller adds pictures, then publishes. */
export async function createOwn(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  input: TInput,
): Promise<TOwnListing> {
  await assertKindAllowed(db, actor.organizationId, input);
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(listings)
      .values({
        organizationId: actor.organizationId,
        title: input.title,
        description: input.description,
        kind: input.kind,
        category: input.category,
        subcategory: input.subcategory,
        priceCents: input.priceCents,
        stock: input.variants.length > 0 ? null : input.stock,
        status: 'draft',
      })
      .returning({ id: listings.id });
    await saveVariants(tx, row!.id, input.variants);
    await recordAudit(tx, { action: 'listing.created', actorUserId: actor.userId, target: `listing:${row!.id}` });
    return row!.id;
  });
  return getOwn(db, actor.organizationId, id);
}

export async function updateOwn(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  id: string,
  input: TInput,
): Promise<TOwnListing> {
  await assertKindAllowed(db, actor.organizationId, input);
  await transaction(db, async (tx) => {
    await ownRow(tx, actor.organizationId, id, true);
    const gate = publicationGateFor(await organizationTypeOf(tx, actor.organizationId));
    if (gate) {
      const base = await contentForEdit(tx, gate, actor.organizationId, id);
      const proposed: TListingContent = {
        ...base,
        title: input.title,
        description: input.description,
        kind: input.kind,
        category: input.category,
        subcategory: input.subcategory,
        priceCents: input.priceCents,
        stock: input.variants.length > 0 ? null : input.stock,
        variants: input.variants.map((v) => ({ id: v.id ?? null, label: v.label, stock: v.stock })),
      };
      if ((await gate.onEdit(tx, { ...actor, listingId: id, proposed })) === 'held') {
        await saveHeldStock(tx, id, input);
        return;
      }
    }
    await tx
      .update(listings)
      .set({
        title: input.title,
        description: input.description,
        kind: input.kind,
        category: input.category,
        subcategory: input.subcategory,
        priceCents: input.priceCents,
        stock: input.variants.length > 0 ? null : input.stock,
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, id));
    await saveVariants(tx, id, input.variants);
  });
  return getOwn(db, actor.organizationId, id);
}

/** Publish (needs a picture; not after an operator took it off sale), back to draft, or archive. */
export async function changeOwnStatus(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  id: string,
  status: TListingStatus,
): Promise<TOwnListing> {
  await transaction(db, async (tx) => {
    const row = await ownRow(tx, actor.organizationId, id, true);
    if (status === 'published') {
      if (row.unpublishedByOperatorAt) throw conflict(M.unpublishedByOperator);
      const [images] = await tx.select({ n: count() }).from(listingImages).where(eq(listingImages.listingId, id));
      if (Number(images?.n ?? 0) === 0) throw badRequest(M.publishNeedsImage);
    }
    if (row.status === status) return;
    // A seller whose listings need someone's approval (a young entrepreneur's guardian) waits for it.
    const gate =
      status === 'published' ? publicationGateFor(await organizationTypeOf(tx, actor.organizationId)) : undefined;
    if (gate && (await gate.onPublish(tx, { ...actor, listingId: id })) === 'held') return;
    await tx
      .update(listings)
      .set({
        status,
        updatedAt: sql`now()`,
        ...(status === 'published' ? { publishedAt: sql`now()` } : {}),
      })
      .where(eq(listings.id, id));
    await recordAudit(tx, {
      action: `listing.${status}`,
      actorUserId: actor.userId,
      target: `listing:${id}`,
    });
  });
  return getOwn(db, actor.organizationId, id);
}

/** A platform operator takes a listing off sale, with the reason the seller sees. */
export async function unpublishByOperator(
  db: DbExecutor,
  operatorUserId: string,
  id: string,
  reason: string,
): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({ status: 'draft', unpublishedByOperatorAt: sql`now()`, unpublishReason: reason, updatedAt: sql`now()` })
      .where(eq(listings.id, id))
      .returning({ id: listings.id });
    if (!row) throw notFound(M.notFound);
    await recordAudit(tx, {
      action: 'listing.unpublished_by_operator',
      actorUserId: operatorUserId,
      target: `listing:${id}`,
      details: { reason },
    });
  });
}
