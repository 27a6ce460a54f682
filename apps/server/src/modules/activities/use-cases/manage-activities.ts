import { and, asc, eq, notInArray } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  type TActivity,
  type TSchoolActivities,
  type ZActivityInput,
} from '@sekolo/shared/schemas/activities';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { roleLabel } from '@sekolo/shared/schemas/school-settings';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  activities,
  facilities,
  feeItems,
  feeStructures,
  organizationMembers,
  timetableRooms,
  users,
} from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, isUniqueViolation } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import {
  activitiesOfSchool,
  activityOfSchool,
  activityView,
  activityViews,
  type TActivityRow,
} from '../lib/activity-views.ts';
import { currentFeeYear, optionalItemFor } from '../lib/fees.ts';
import { promoteWaiting, type TActivityDeps } from './sign-ups.ts';

type TActivityValues = z.output<typeof ZActivityInput>;

/** Members of the school who are not learners or parents: who may coach. */
const NOT_STAFF = ['student', 'parent'];

async function staffOf(db: DbExecutor, organizationId: string) {
  return db
    .select({ userId: users.id, name: users.name, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), notInArray(organizationMembers.role, NOT_STAFF)))
    .orderBy(asc(users.name));
}

/** The school's activities, and what the form offers: coaches, venues, optional fee items. */
export async function listSchoolActivities(db: DbExecutor, ctx: TSchoolContext): Promise<TSchoolActivities> {
  const org = ctx.organizationId;
  const rows = await activitiesOfSchool(db, org);
  const staff = await staffOf(db, org);
  const rooms = await db
    .select({ name: timetableRooms.name })
    .from(timetableRooms)
    .where(eq(timetableRooms.organizationId, org));
  const halls = await db.select({ name: facilities.name }).from(facilities).where(eq(facilities.organizationId, org));
  const items = await db
    .select({ id: feeItems.id, name: feeItems.name, amountCents: feeItems.amountCents, plan: feeItems.plan })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(
      and(
        eq(feeStructures.organizationId, org),
        eq(feeStructures.year, currentFeeYear()),
        eq(feeItems.kind, 'optional'),
      ),
    )
    .orderBy(asc(feeItems.name), asc(feeStructures.grade));
  const byName = new Map<string, (typeof items)[number]>();
  for (const item of items) if (!byName.has(item.name)) byName.set(item.name, item);
  const coaches = staff
    .map((s) => ({ userId: s.userId, name: s.name, roleLabel: roleLabel(s.role) }))
    .sort((a, b) => Number(b.roleLabel === 'Coach') - Number(a.roleLabel === 'Coach'));
  return {
    activities: await activityViews(db, rows),
    coaches,
    venues: [...new Set([...halls.map((h) => h.name), ...rooms.map((r) => r.name)])].sort(),
    feeItems: [...byName.values()].map((i) => ({ id: i.id, name: i.name, yearCents: i.amountCents, plan: i.plan })),
  };
}

async function assertCoach(db: DbExecutor, organizationId: string, userId: string) {
  const [member] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  if (!member || NOT_STAFF.includes(member.role)) throw badRequest(M.coachNotStaff, { coachUserId: M.coachNotStaff });
}

/**
 * The fee item must be one of the school's optional items, and each grade the activity is open to
 * must have an optional item of that name in the item's year: a learner of any of those grades
 * who signs up can then be billed.
 */
async function assertFeeItem(db: DbExecutor, organizationId: string, feeItemId: string | null, grades: number[]) {
  if (!feeItemId) return;
  const [item] = await db
    .select({ name: feeItems.name, kind: feeItems.kind, year: feeStructures.year })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(and(eq(feeItems.id, feeItemId), eq(feeItems.organizationId, organizationId)));
  if (!item || item.kind !== 'optional') throw badRequest(M.feeItemNotFound, { feeItemId: M.feeItemNotFound });
  const missing: number[] = [];
  for (const grade of grades) {
    if (!(await optionalItemFor(db, organizationId, item.name, item.year, grade))) missing.push(grade);
  }
  if (missing.length) {
    const names = missing.map((g) => gradeLabel(gradeFromNumber(g)) ?? `Grade ${g}`).join(', ');
    const message = M.feeItemMissingForGrades(item.name, names);
    throw badRequest(message, { feeItemId: message });
  }
}

/** Creates (`activityId` null) or changes an activity; a larger capacity moves waiting learners up. */
export async function saveActivity(
  deps: TActivityDeps,
  ctx: TSchoolContext,
  activityId: string | null,
  input: TActivityValues,
): Promise<TActivity> {
  const db: Database = deps.database.db;
  try {
    return await transaction(db, async (tx) => {
      if (activityId) {
        await lockForTransaction(tx, `activity:${activityId}`);
        await activityOfSchool(tx, ctx.organizationId, activityId);
      }
      await assertCoach(tx, ctx.organizationId, input.coachUserId);
      await assertFeeItem(tx, ctx.organizationId, input.feeItemId, input.grades);
      let row: TActivityRow;
      if (activityId) {
        [row] = (await tx
          .update(activities)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(activities.id, activityId), eq(activities.organizationId, ctx.organizationId)))
          .returning()) as [TActivityRow];
        if (row.active) await promoteWaiting(tx, deps, ctx, row);
      } else {
        [row] = (await tx
          .insert(activities)
          .values({ ...input, organizationId: ctx.organizationId, createdBy: ctx.user.id })
          .returning()) as [TActivityRow];
      }
      await recordAudit(tx, {
        action: activityId ? 'activity.updated' : 'activity.created',
        actorUserId: ctx.user.id,
        target: `activity:${row.id}`,
        ip: ctx.ip,
        details: {
          organizationId: ctx.organizationId,
          capacity: row.capacity,
          coachUserId: row.coachUserId,
          feeItemId: row.feeItemId,
          signUpOpen: row.signUpOpen,
        },
      });
      return activityView(tx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.activityExists);
    throw error;
  }
}

/** Whether the caller coaches the activity. */
export const isCoachOf = (ctx: TSchoolContext, row: TActivityRow) => row.coachUserId === ctx.user.id;

/** Whether the caller manages the school's activities (manage_events as the school gives it, D26). */
export const managesActivities = (ctx: TSchoolContext) => ctx.user.permissions.includes('manage_events');
