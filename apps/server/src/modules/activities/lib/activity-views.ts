import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  activityCategoryLabel,
  type TActivity,
  type TActivityCategory,
  type TActivityFee,
} from '@sekolo/shared/schemas/activities';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { activities, activityMembers, feeItems, users } from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';

export type TActivityRow = typeof activities.$inferSelect;

/** South Africa's school year has four terms: a term's share of a year's fee. */
const TERMS_A_YEAR = 4;

/** The activity of the caller's school (another school's, or none: 404). */
export async function activityOfSchool(db: DbExecutor, organizationId: string, activityId: string) {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.organizationId, organizationId)));
  if (!row) throw notFound(M.activityNotFound);
  return row;
}

/** Members and waiting learners per activity. */
export async function placesOf(db: DbExecutor, activityIds: string[]) {
  const counts = new Map<string, { members: number; waiting: number }>();
  if (activityIds.length === 0) return counts;
  const rows = await db
    .select({ activityId: activityMembers.activityId, status: activityMembers.status, n: sql<number>`count(*)::int` })
    .from(activityMembers)
    .where(
      and(inArray(activityMembers.activityId, activityIds), inArray(activityMembers.status, ['member', 'waiting'])),
    )
    .groupBy(activityMembers.activityId, activityMembers.status);
  for (const row of rows) {
    const entry = counts.get(row.activityId) ?? { members: 0, waiting: 0 };
    if (row.status === 'member') entry.members = Number(row.n);
    else entry.waiting = Number(row.n);
    counts.set(row.activityId, entry);
  }
  return counts;
}

/** The activities as the school and the families see them (coach's name, fee, places taken). */
export async function activityViews(db: DbExecutor, rows: TActivityRow[]): Promise<TActivity[]> {
  if (rows.length === 0) return [];
  const coachIds = [...new Set(rows.map((r) => r.coachUserId).filter((id): id is string => id !== null))];
  const coaches = coachIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, coachIds))
    : [];
  const itemIds = [...new Set(rows.map((r) => r.feeItemId).filter((id): id is string => id !== null))];
  const items = itemIds.length
    ? await db
        .select({ id: feeItems.id, name: feeItems.name, amountCents: feeItems.amountCents, plan: feeItems.plan })
        .from(feeItems)
        .where(inArray(feeItems.id, itemIds))
    : [];
  const places = await placesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const coach = coaches.find((c) => c.id === row.coachUserId);
    const item = items.find((i) => i.id === row.feeItemId);
    const fee: TActivityFee | null = item
      ? {
          itemName: item.name,
          yearCents: item.amountCents,
          termCents: Math.round(item.amountCents / TERMS_A_YEAR),
          plan: item.plan,
        }
      : null;
    const counts = places.get(row.id) ?? { members: 0, waiting: 0 };
    return {
      id: row.id,
      name: row.name,
      category: row.category as TActivityCategory,
      categoryLabel: activityCategoryLabel(row.category),
      description: row.description,
      coach: coach ? { userId: coach.id, name: coach.name } : null,
      schedule: [...row.schedule].sort((a, b) => a.day - b.day),
      venue: row.venue,
      grades: [...row.grades].sort((a, b) => a - b),
      capacity: row.capacity,
      signUpOpen: row.signUpOpen,
      active: row.active,
      fee,
      feeItemId: row.feeItemId,
      memberCount: counts.members,
      waitingCount: counts.waiting,
    };
  });
}

export async function activityView(db: DbExecutor, row: TActivityRow): Promise<TActivity> {
  return (await activityViews(db, [row]))[0]!;
}

export async function activitiesOfSchool(db: DbExecutor, organizationId: string) {
  return db
    .select()
    .from(activities)
    .where(eq(activities.organizationId, organizationId))
    .orderBy(asc(activities.name));
}
