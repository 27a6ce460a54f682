import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { resizeImage } from '../../platform/lib/resize-image.ts';
import { LISTING_MESSAGES as M, MAX_LISTING_IMAGES } from '@sekolo/shared/schemas/marketplace';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { listingImages } from '../../platform/db/schema/marketplace.ts';
import { detectAllowedContentType } from '../../platform/lib/file-content-type.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { IFileStorage } from '../uploads/index.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { contentForEdit, publicationGateFor, type TPublicationGate } from './publication-gate.ts';

async function gateOf(db: DbExecutor, organizationId: string): Promise<TPublicationGate | undefined> {
  const [org] = await db
    .select({ type: organizations.type })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return publicationGateFor(org?.type);
}

/** The page-sized picture and the catalogue card's thumbnail, both WebP. */
export const IMAGE_SIZES = { full: 1200, thumb: 480 } as const;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export function imageUrls(imageId: string): { url: string; thumbUrl: string } {
  return { url: `/api/listings/images/${imageId}`, thumbUrl: `/api/listings/images/${imageId}?size=thumb` };
}

/** A storage key in the uploads module's form (`YYYY/MM/<32 hex>`). */
function storageKey(now = new Date()): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}`;
}

export type TStoredPicture = { keys: { full: string; thumb: string }; width: number; height: number };

/**
 * A picture's way into storage: checked by its bytes (PNG, JPEG or WebP, else 415 with
 * `notAPicture`), resized to a page-sized WebP and a thumbnail, stored under keys of ours; then
 * `record` writes its row. When `record` throws, the stored bytes go again.
 */
export async function storePicture<T>(
  storage: IFileStorage,
  bytes: Buffer,
  notAPicture: string,
  record: (picture: TStoredPicture) => Promise<T>,
): Promise<T> {
  const mime = await detectAllowedContentType(bytes, IMAGE_TYPES);
  if (!mime) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', notAPicture);
  let full: Awaited<ReturnType<typeof resizeImage>>;
  let thumb: Awaited<ReturnType<typeof resizeImage>>;
  try {
    full = await resizeImage(bytes, IMAGE_SIZES.full);
    thumb = await resizeImage(bytes, IMAGE_SIZES.thumb);
  } catch {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', notAPicture);
  }
  const keys = { full: storageKey(), thumb: storageKey() };
  await storage.put(keys.full, full.bytes, 'image/webp');
  await storage.put(keys.thumb, thumb.bytes, 'image/webp');
  try {
    return await record({ keys, width: full.width, height: full.height });
  } catch (error) {
    await Promise.allSettled([storage.delete(keys.full), storage.delete(keys.thumb)]);
    throw error;
  }
}

/**
 * Adds a picture to the seller's listing: checked by its bytes, resized to a page-sized WebP and a
 * thumbnail, stored under keys of ours, recorded in a transaction (the bytes go again if it fails).
 */
export async function addListingImage(
  db: DbExecutor,
  storage: IFileStorage,
  input: { organizationId: string; listingId: string; bytes: Buffer; alt?: string; userId: string },
): Promise<{ id: string }> {
  const [listing] = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.id, input.listingId), eq(listings.organizationId, input.organizationId)));
  if (!listing) throw notFound(M.notFound);
  return storePicture(storage, input.bytes, M.imageType, (picture) =>
    transaction(db, async (tx) => {
      // Locks the listing: two uploads at once cannot pass the limit together.
      await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, input.listingId)).for('update');
      const [existing] = await tx
        .select({ n: count() })
        .from(listingImages)
        .where(eq(listingImages.listingId, input.listingId));
      const position = Number(existing?.n ?? 0);
      if (position >= MAX_LISTING_IMAGES) throw badRequest(M.tooManyImages);
      const gate = await gateOf(tx, input.organizationId);
      const before = gate ? await contentForEdit(tx, gate, input.organizationId, input.listingId) : null;
      const [row] = await tx
        .insert(listingImages)
        .values({
          listingId: input.listingId,
          storageKey: picture.keys.full,
          thumbKey: picture.keys.thumb,
          width: picture.width,
          height: picture.height,
          alt: (input.alt ?? '').trim().slice(0, 200) || listing.title,
          position,
          heldForApproval: gate !== undefined,
        })
        .returning({ id: listingImages.id });
      // A picture is something buyers see: where the seller's changes need approval, it waits for it.
      if (gate && before) {
        const proposed = { ...before, imageIds: [...before.imageIds, row!.id] };
        const verdict = await gate.onEdit(tx, { ...input, userId: input.userId, proposed });
        if (verdict === 'apply')
          await tx.update(listingImages).set({ heldForApproval: false }).where(eq(listingImages.id, row!.id));
      }
      return { id: row!.id };
    }),
  );
}

export async function removeListingImage(
  db: DbExecutor,
  storage: IFileStorage,
  input: { organizationId: string; listingId: string; imageId: string; userId: string },
): Promise<void> {
  const removed = await transaction(db, async (tx) => {
    const [row] = await tx
      .select({ image: listingImages })
      .from(listingImages)
      .innerJoin(listings, eq(listings.id, listingImages.listingId))
      .where(
        and(
          eq(listingImages.id, input.imageId),
          eq(listingImages.listingId, input.listingId),
          eq(listings.organizationId, input.organizationId),
        ),
      );
    if (!row) throw notFound('There is no such picture.');
    const gate = await gateOf(tx, input.organizationId);
    if (gate) {
      const before = await contentForEdit(tx, gate, input.organizationId, input.listingId);
      const proposed = { ...before, imageIds: before.imageIds.filter((id) => id !== input.imageId) };
      // An approved picture stays on the public pages until its removal is approved.
      const verdict = await gate.onEdit(tx, { ...input, proposed });
      if (verdict === 'held' && !row.image.heldForApproval) return null;
    }
    await tx.delete(listingImages).where(eq(listingImages.id, input.imageId));
    return row.image;
  });
  if (removed) await Promise.allSettled([storage.delete(removed.storageKey), storage.delete(removed.thumbKey)]);
}

/**
 * A listing's picture for anyone, while the listing is published; its seller sees it in any state.
 * Answers the stored key, or null (404).
 */
export async function findPublicImage(
  db: DbExecutor,
  imageId: string,
  viewerOrganizationId: string | null,
  size: 'full' | 'thumb',
): Promise<string | null> {
  const [row] = await db
    .select({ image: listingImages, status: listings.status, organizationId: listings.organizationId })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(eq(listingImages.id, imageId));
  if (!row) return null;
  const isSeller = row.organizationId === viewerOrganizationId;
  if ((row.status !== 'published' || row.image.heldForApproval) && !isSeller) return null;
  return size === 'thumb' ? row.image.thumbKey : row.image.storageKey;
}
