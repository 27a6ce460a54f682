import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  FACILITY_MESSAGES as M,
  MAX_FACILITY_PHOTOS,
  type TFacilityPhoto,
  type ZFacilityPhotoOrder,
  type ZFacilityPhotoUpdate,
} from '@sekolo/shared/schemas/facilities';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { facilities, facilityPhotos, organizations } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { storePicture } from '../listings/index.ts';
import type { IFileStorage } from '../uploads/index.ts';

/*
 * A facility's photos: public pictures, like a listing's, through the listings module's pipeline
 * (recognised by their bytes, resized to a page-sized WebP and a 480 px thumbnail, stored under keys
 * of ours). The school orders them (the first is the cover), gives each alt text and a caption, and
 * removes them; each change is audited.
 */

type TPhotoRow = typeof facilityPhotos.$inferSelect;

export function photoView(row: TPhotoRow): TFacilityPhoto {
  return {
    id: row.id,
    url: `/api/facilities/photos/${row.id}`,
    thumbUrl: `/api/facilities/photos/${row.id}?size=thumb`,
    width: row.width,
    height: row.height,
    alt: row.alt,
    caption: row.caption,
  };
}

/** The photos of `facilityIds`, each facility's in its order. */
export async function photosOf(db: DbExecutor, facilityIds: string[]): Promise<Map<string, TFacilityPhoto[]>> {
  const map = new Map<string, TFacilityPhoto[]>();
  if (facilityIds.length === 0) return map;
  const rows = await db
    .select()
    .from(facilityPhotos)
    .where(inArray(facilityPhotos.facilityId, facilityIds))
    .orderBy(asc(facilityPhotos.position), asc(facilityPhotos.createdAt));
  for (const row of rows) map.set(row.facilityId, [...(map.get(row.facilityId) ?? []), photoView(row)]);
  return map;
}

/** The school's facility, locked: two changes to its photos at once cannot pass the limit or mix the order. */
async function lockFacility(tx: DbExecutor, ctx: TSchoolContext, facilityId: string) {
  const [row] = await tx
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.organizationId, ctx.organizationId)))
    .for('update');
  if (!row) throw notFound(M.facilityNotFound);
  return row;
}

const audit = (tx: DbExecutor, ctx: TSchoolContext, action: string, facilityId: string, details: object) =>
  recordAudit(tx, {
    action: `facility.photo_${action}`,
    actorUserId: ctx.user.id,
    target: `facility:${facilityId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, ...details },
  });

/**
 * Adds a photo at the end (at most MAX_FACILITY_PHOTOS). A file that is not a PNG, JPEG or WebP
 * picture is 415 with `photoType`; an empty alt text becomes the facility's name.
 */
export async function addFacilityPhoto(
  db: Database,
  storage: IFileStorage,
  ctx: TSchoolContext,
  facilityId: string,
  input: { bytes: Buffer; alt: string; caption: string },
): Promise<void> {
  const alt = input.alt.trim().slice(0, 200);
  const caption = input.caption.trim().slice(0, 300);
  // Refused before the bytes are resized: an unknown facility or a full gallery.
  const [facility] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.organizationId, ctx.organizationId)));
  if (!facility) throw notFound(M.facilityNotFound);
  await storePicture(storage, input.bytes, M.photoType, (picture) =>
    transaction(db, async (tx) => {
      const locked = await lockFacility(tx, ctx, facilityId);
      const [existing] = await tx
        .select({ n: count() })
        .from(facilityPhotos)
        .where(eq(facilityPhotos.facilityId, facilityId));
      const position = Number(existing?.n ?? 0);
      if (position >= MAX_FACILITY_PHOTOS) throw badRequest(M.tooManyPhotos);
      const [row] = await tx
        .insert(facilityPhotos)
        .values({
          organizationId: ctx.organizationId,
          facilityId,
          storageKey: picture.keys.full,
          thumbKey: picture.keys.thumb,
          width: picture.width,
          height: picture.height,
          alt: alt || locked.name,
          caption,
          position,
          createdBy: ctx.user.id,
        })
        .returning({ id: facilityPhotos.id });
      await audit(tx, ctx, 'added', facilityId, { photoId: row!.id });
    }),
  );
}

export async function updateFacilityPhoto(
  db: Database,
  ctx: TSchoolContext,
  facilityId: string,
  photoId: string,
  input: z.output<typeof ZFacilityPhotoUpdate>,
): Promise<void> {
  await transaction(db, async (tx) => {
    await lockFacility(tx, ctx, facilityId);
    const [row] = await tx
      .update(facilityPhotos)
      .set({ alt: input.alt, caption: input.caption })
      .where(and(eq(facilityPhotos.id, photoId), eq(facilityPhotos.facilityId, facilityId)))
      .returning({ id: facilityPhotos.id });
    if (!row) throw notFound(M.photoNotFound);
    await audit(tx, ctx, 'described', facilityId, { photoId });
  });
}

/** Puts the photos in the order given: every photo of the facility, each once. */
export async function orderFacilityPhotos(
  db: Database,
  ctx: TSchoolContext,
  facilityId: string,
  input: z.output<typeof ZFacilityPhotoOrder>,
): Promise<void> {
  await transaction(db, async (tx) => {
    await lockFacility(tx, ctx, facilityId);
    const rows = await tx
      .select({ id: facilityPhotos.id })
      .from(facilityPhotos)
      .where(eq(facilityPhotos.facilityId, facilityId));
    const ids = new Set(rows.map((r) => r.id));
    if (rows.length !== input.photoIds.length || !input.photoIds.every((id) => ids.has(id)))
      throw badRequest(M.photoOrderInvalid, { photoIds: M.photoOrderInvalid });
    for (const [position, id] of input.photoIds.entries())
      await tx.update(facilityPhotos).set({ position }).where(eq(facilityPhotos.id, id));
    await audit(tx, ctx, 'reordered', facilityId, { photoIds: input.photoIds });
  });
}

/** Removes a photo (the others close up behind it), then its stored bytes. */
export async function removeFacilityPhoto(
  db: Database,
  storage: IFileStorage,
  ctx: TSchoolContext,
  facilityId: string,
  photoId: string,
): Promise<void> {
  const removed = await transaction(db, async (tx) => {
    await lockFacility(tx, ctx, facilityId);
    const [row] = await tx
      .delete(facilityPhotos)
      .where(and(eq(facilityPhotos.id, photoId), eq(facilityPhotos.facilityId, facilityId)))
      .returning();
    if (!row) throw notFound(M.photoNotFound);
    const rest = await tx
      .select({ id: facilityPhotos.id })
      .from(facilityPhotos)
      .where(eq(facilityPhotos.facilityId, facilityId))
      .orderBy(asc(facilityPhotos.position), asc(facilityPhotos.createdAt));
    for (const [position, { id }] of rest.entries())
      await tx.update(facilityPhotos).set({ position }).where(eq(facilityPhotos.id, id));
    await audit(tx, ctx, 'removed', facilityId, { photoId });
    return row;
  });
  await Promise.allSettled([storage.delete(removed.storageKey), storage.delete(removed.thumbKey)]);
}

/**
 * A photo's stored key for a viewer: anyone's while its facility is listed (active, of an active
 * school); the school's own people see the photos of a facility it has taken off its page. Else null.
 */
export async function findFacilityPhoto(
  db: DbExecutor,
  photoId: string,
  viewerOrganizationId: string | null,
  size: 'full' | 'thumb',
): Promise<string | null> {
  const [row] = await db
    .select({ photo: facilityPhotos, active: facilities.active, schoolStatus: organizations.status })
    .from(facilityPhotos)
    .innerJoin(facilities, eq(facilities.id, facilityPhotos.facilityId))
    .innerJoin(organizations, eq(organizations.id, facilityPhotos.organizationId))
    .where(eq(facilityPhotos.id, photoId));
  if (!row) return null;
  const listed = row.active && row.schoolStatus === 'active';
  if (!listed && row.photo.organizationId !== viewerOrganizationId) return null;
  return size === 'thumb' ? row.photo.thumbKey : row.photo.storageKey;
}
