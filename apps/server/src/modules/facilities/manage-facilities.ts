import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  FACILITY_MESSAGES as M,
  type ZFacilityInput,
  facilityKindLabel,
  type TBlockedDate,
  type TFacilityPhoto,
  type TFacility,
  type TPublicFacility,
  type TPublicSchoolFacilities,
  type TSchoolFacilities,
  type ZBlockedDateInput,
} from '@sekolo/shared/schemas/facilities';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import {
  facilities,
  facilityBlockedDates,
  organizations,
  schoolProfiles,
  timetableRooms,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { photosOf } from './facility-photos.ts';

type TFacilityRow = typeof facilities.$inferSelect;
type TFacilityValues = z.output<typeof ZFacilityInput>;

export const publicFacilitiesPath = (slug: string) => `/schools/${slug}/facilities`;

export function publicFacilityView(row: TFacilityRow, photos: TFacilityPhoto[]): TPublicFacility {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    kindLabel: facilityKindLabel(row.kind),
    description: row.description,
    capacity: row.capacity,
    hourlyRateCents: row.hourlyRateCents,
    dailyRateCents: row.dailyRateCents,
    rules: row.rules,
    requiresApproval: row.requiresApproval,
    cancellationNoticeHours: row.cancellationNoticeHours,
    openingHours: [...row.openingHours].sort((a, b) => a.day - b.day),
    photos,
  };
}

const blockedView = (row: typeof facilityBlockedDates.$inferSelect): TBlockedDate => ({
  id: row.id,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  reason: row.reason,
});

async function facilityViews(db: DbExecutor, rows: TFacilityRow[]): Promise<TFacility[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const blocks = await db
    .select()
    .from(facilityBlockedDates)
    .where(inArray(facilityBlockedDates.facilityId, ids))
    .orderBy(asc(facilityBlockedDates.startsOn));
  const photos = await photosOf(db, ids);
  const roomIds = rows.map((r) => r.roomId).filter((id): id is string => id !== null);
  const rooms = roomIds.length
    ? await db
        .select({ id: timetableRooms.id, name: timetableRooms.name })
        .from(timetableRooms)
        .where(inArray(timetableRooms.id, roomIds))
    : [];
  return rows.map((row) => ({
    ...publicFacilityView(row, photos.get(row.id) ?? []),
    roomId: row.roomId,
    roomName: rooms.find((r) => r.id === row.roomId)?.name ?? null,
    active: row.active,
    blockedDates: blocks.filter((b) => b.facilityId === row.id).map(blockedView),
  }));
}

/** The school's facilities, the timetable rooms one may be linked to, and the public page's path. */
export async function listFacilities(db: DbExecutor, ctx: TSchoolContext): Promise<TSchoolFacilities> {
  const rows = await db
    .select()
    .from(facilities)
    .where(eq(facilities.organizationId, ctx.organizationId))
    .orderBy(asc(facilities.name));
  const rooms = await db
    .select({ id: timetableRooms.id, name: timetableRooms.name })
    .from(timetableRooms)
    .where(eq(timetableRooms.organizationId, ctx.organizationId))
    .orderBy(asc(timetableRooms.name));
  const [school] = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return { facilities: await facilityViews(db, rows), rooms, publicPath: publicFacilitiesPath(school!.slug) };
}

/** One of the school's facilities as it manages it (another school's: 404). */
export async function schoolFacility(db: DbExecutor, ctx: TSchoolContext, facilityId: string): Promise<TFacility> {
  const row = await facilityOfSchool(db, ctx.organizationId, facilityId);
  return (await facilityViews(db, [row]))[0]!;
}

async function assertRoomOfSchool(db: DbExecutor, organizationId: string, roomId: string | null) {
  if (!roomId) return;
  const [room] = await db
    .select({ id: timetableRooms.id })
    .from(timetableRooms)
    .where(and(eq(timetableRooms.id, roomId), eq(timetableRooms.organizationId, organizationId)));
  if (!room) throw badRequest(M.roomNotFound, { roomId: M.roomNotFound });
}

export async function facilityOfSchool(db: DbExecutor, organizationId: string, facilityId: string) {
  const [row] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.organizationId, organizationId)));
  if (!row) throw notFound(M.facilityNotFound);
  return row;
}

export async function saveFacility(
  db: Database,
  ctx: TSchoolContext,
  facilityId: string | null,
  input: TFacilityValues,
): Promise<TFacility> {
  try {
    return await transaction(db, async (tx) => {
      await assertRoomOfSchool(tx, ctx.organizationId, input.roomId);
      let row: TFacilityRow;
      if (facilityId) {
        await facilityOfSchool(tx, ctx.organizationId, facilityId);
        [row] = (await tx
          .update(facilities)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(facilities.id, facilityId), eq(facilities.organizationId, ctx.organizationId)))
          .returning()) as [TFacilityRow];
      } else {
        [row] = (await tx
          .insert(facilities)
          .values({ ...input, organizationId: ctx.organizationId, createdBy: ctx.user.id })
          .returning()) as [TFacilityRow];
      }
      await recordAudit(tx, {
        action: facilityId ? 'facility.updated' : 'facility.created',
        actorUserId: ctx.user.id,
        target: `facility:${row.id}`,
        ip: ctx.ip,
        details: {
          organizationId: ctx.organizationId,
          hourlyRateCents: row.hourlyRateCents,
          dailyRateCents: row.dailyRateCents,
        },
      });
      return (await facilityViews(tx, [row]))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.facilityExists);
    throw error;
  }
}

export async function addBlockedDate(
  db: Database,
  ctx: TSchoolContext,
  facilityId: string,
  input: z.output<typeof ZBlockedDateInput>,
): Promise<TBlockedDate> {
  return transaction(db, async (tx) => {
    await facilityOfSchool(tx, ctx.organizationId, facilityId);
    const [row] = await tx
      .insert(facilityBlockedDates)
      .values({ organizationId: ctx.organizationId, facilityId, ...input })
      .returning();
    await recordAudit(tx, {
      action: 'facility.date_blocked',
      actorUserId: ctx.user.id,
      target: `facility:${facilityId}`,
      ip: ctx.ip,
      details: { startsOn: input.startsOn, endsOn: input.endsOn },
    });
    return blockedView(row!);
  });
}

export async function removeBlockedDate(db: Database, ctx: TSchoolContext, facilityId: string, blockId: string) {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .delete(facilityBlockedDates)
      .where(
        and(
          eq(facilityBlockedDates.id, blockId),
          eq(facilityBlockedDates.facilityId, facilityId),
          eq(facilityBlockedDates.organizationId, ctx.organizationId),
        ),
      )
      .returning();
    if (!row) throw notFound(M.blockedDateNotFound);
    await recordAudit(tx, {
      action: 'facility.date_unblocked',
      actorUserId: ctx.user.id,
      target: `facility:${facilityId}`,
      ip: ctx.ip,
      details: { startsOn: row.startsOn, endsOn: row.endsOn },
    });
  });
}

/** A school's active facilities for its public page (an unknown or inactive school: 404). */
export async function publicSchoolFacilities(db: DbExecutor, slug: string): Promise<TPublicSchoolFacilities> {
  const [school] = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, city: schoolProfiles.city })
    .from(organizations)
    .leftJoin(schoolProfiles, eq(schoolProfiles.organizationId, organizations.id))
    .where(and(eq(organizations.slug, slug), eq(organizations.type, 'school'), eq(organizations.status, 'active')));
  if (!school) throw notFound('That school does not exist.');
  const rows = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, school.id), eq(facilities.active, true)))
    .orderBy(asc(facilities.name));
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    school: { name: school.name, slug: school.slug, city: school.city ?? '' },
    facilities: rows.map((row) => publicFacilityView(row, photos.get(row.id) ?? [])),
  };
}
