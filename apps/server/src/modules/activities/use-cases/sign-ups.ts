import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  formatSchedule,
  type TMyActivities,
  type TSignUpResult,
} from '@sekolo/shared/schemas/activities';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { DatabaseHandle, DbExecutor } from '../../../platform/db/client.ts';
import {
  activities,
  activityMembers,
  guardians,
  learnerGuardians,
  learners,
} from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { notify } from '../../notifications/index.ts';
import { activityOfSchool, activityViews, type TActivityRow } from '../lib/activity-views.ts';
import { followFee } from '../lib/fees.ts';

export type TActivityDeps = { database: DatabaseHandle; jobs: JobQueue };

export const PARENT_ACTIVITIES_PATH = '/dashboard/parent/extramurals';
export const LEARNER_ACTIVITIES_PATH = '/dashboard/student/extramurals';

type TLearnerRow = typeof learners.$inferSelect;
const fullName = (l: { firstName: string; lastName: string }) => `${l.firstName} ${l.lastName}`;

/** The caller's own learners at their school: themself (a learner's account) and their children (a guardian's). */
export async function ownLearners(db: DbExecutor, ctx: TSchoolContext): Promise<TLearnerRow[]> {
  const children = db
    .select({ id: learnerGuardians.learnerId })
    .from(learnerGuardians)
    .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
    .where(and(eq(guardians.userId, ctx.user.id), eq(guardians.organizationId, ctx.organizationId)));
  return db
    .select()
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        isNull(learners.archivedAt),
        or(eq(learners.userId, ctx.user.id), inArray(learners.id, children)),
      ),
    )
    .orderBy(asc(learners.firstName), asc(learners.lastName));
}

async function ownLearner(db: DbExecutor, ctx: TSchoolContext, learnerId: string) {
  const learner = (await ownLearners(db, ctx)).find((l) => l.id === learnerId);
  if (!learner) throw notFound(M.learnerNotFound);
  return learner;
}

/** The learner's current row (member or waiting) in the activity, with its place on the waiting list. */
async function currentPlace(db: DbExecutor, activityId: string, learnerId: string) {
  const [row] = await db
    .select()
    .from(activityMembers)
    .where(
      and(
        eq(activityMembers.activityId, activityId),
        eq(activityMembers.learnerId, learnerId),
        inArray(activityMembers.status, ['member', 'waiting']),
      ),
    );
  return row ?? null;
}

async function waitingPosition(db: DbExecutor, activityId: string, seq: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityMembers)
    .where(
      and(
        eq(activityMembers.activityId, activityId),
        eq(activityMembers.status, 'waiting'),
        sql`${activityMembers.seq} <= ${seq}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** What each of the caller's learners may join: the active activities open to their grade, and their place in each. */
export async function myActivities(db: DbExecutor, ctx: TSchoolContext): Promise<TMyActivities> {
  const mine = await ownLearners(db, ctx);
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.organizationId, ctx.organizationId), eq(activities.active, true)))
    .orderBy(asc(activities.name));
  const views = await activityViews(db, rows);
  const places = mine.length
    ? await db
        .select()
        .from(activityMembers)
        .where(
          and(
            inArray(
              activityMembers.learnerId,
              mine.map((l) => l.id),
            ),
            inArray(activityMembers.status, ['member', 'waiting']),
          ),
        )
    : [];
  const result: TMyActivities['learners'] = [];
  for (const learner of mine) {
    const list = [];
    for (const view of views) {
      const place = places.find((p) => p.learnerId === learner.id && p.activityId === view.id);
      if (!view.grades.includes(learner.grade) && !place) continue;
      const status = (place?.status as 'member' | 'waiting' | undefined) ?? null;
      list.push({
        ...view,
        status,
        waitingPosition: place?.status === 'waiting' ? await waitingPosition(db, view.id, place.seq) : null,
        canSignUp: status === null && view.signUpOpen && view.grades.includes(learner.grade),
      });
    }
    result.push({ learnerId: learner.id, name: fullName(learner), grade: learner.grade, activities: list });
  }
  return { learners: result };
}

/**
 * Tells the learner (their own account) and their guardians who hear from the school, in the
 * caller's transaction (the notification exists only if the change commits).
 */
export async function notifyFamily(
  tx: DbExecutor,
  deps: TActivityDeps,
  organizationId: string,
  learnerId: string,
  event: { key: string; title: string; body: string },
) {
  const guardianUsers = sql`select g.user_id from ${guardians} g
    join ${learnerGuardians} lg on lg.guardian_id = g.id
    where lg.learner_id = ${learnerId}::uuid and lg.receives_communications and g.user_id is not null`;
  await notify(tx, deps.jobs, {
    organizationId,
    kind: 'event',
    eventKey: event.key,
    recipients: guardianUsers,
    title: event.title,
    body: event.body,
    link: PARENT_ACTIVITIES_PATH,
  });
  await notify(tx, deps.jobs, {
    organizationId,
    kind: 'event',
    eventKey: event.key,
    recipients: sql`select user_id from ${learners} where id = ${learnerId}::uuid and user_id is not null`,
    title: event.title,
    body: event.body,
    link: LEARNER_ACTIVITIES_PATH,
  });
}

/**
 * Fills free places from the waiting list, first come first served, inside the caller's
 * transaction (which holds the activity's lock): each learner moved up takes the activity's fee
 * item and is told, with their guardians.
 */
export async function promoteWaiting(tx: DbExecutor, deps: TActivityDeps, ctx: TSchoolContext, activity: TActivityRow) {
  const [taken] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(activityMembers)
    .where(and(eq(activityMembers.activityId, activity.id), eq(activityMembers.status, 'member')));
  const free = activity.capacity - Number(taken?.n ?? 0);
  if (free <= 0) return;
  const next = await tx
    .select({ id: activityMembers.id, learner: learners })
    .from(activityMembers)
    .innerJoin(learners, eq(learners.id, activityMembers.learnerId))
    .where(and(eq(activityMembers.activityId, activity.id), eq(activityMembers.status, 'waiting')))
    .orderBy(asc(activityMembers.seq))
    .limit(free);
  for (const { id, learner } of next) {
    await tx.update(activityMembers).set({ status: 'member', joinedAt: new Date() }).where(eq(activityMembers.id, id));
    const billed = await followFee(tx, ctx, activity.feeItemId, learner, true, false);
    await notifyFamily(tx, deps, activity.organizationId, learner.id, {
      key: `activity-place:${id}`,
      title: `A place in ${activity.name}`,
      body:
        `${fullName(learner)} has moved up from the waiting list and is now a member of ${activity.name} ` +
        `(${formatSchedule(activity.schedule)}${activity.venue ? `, ${activity.venue}` : ''}).` +
        (billed ? '' : ' The school will confirm the fee.'),
    });
    await recordAudit(tx, {
      action: 'activity.moved_up',
      actorUserId: ctx.user.id,
      target: `activity:${activity.id}`,
      ip: ctx.ip,
      details: { learnerId: learner.id },
    });
  }
}

/**
 * Signs one of the caller's learners up: a member while places are free (and nobody waits before
 * them), else on the waiting list. The activity's lock makes concurrent sign-ups count one after
 * the other, so the activity is never over capacity.
 */
export async function signUp(
  deps: TActivityDeps,
  ctx: TSchoolContext,
  activityId: string,
  learnerId: string,
): Promise<TSignUpResult> {
  return transaction(deps.database.db, async (tx) => {
    await lockForTransaction(tx, `activity:${activityId}`);
    const activity = await activityOfSchool(tx, ctx.organizationId, activityId);
    const learner = await ownLearner(tx, ctx, learnerId);
    if (!activity.active) throw conflict(M.activityInactive);
    if (!activity.signUpOpen) throw conflict(M.signUpClosed);
    if (!activity.grades.includes(learner.grade)) {
      const message = M.notForGrade(gradeLabel(gradeFromNumber(learner.grade)) ?? `Grade ${learner.grade}`);
      throw badRequest(message, { learnerId: message });
    }
    const existing = await currentPlace(tx, activityId, learnerId);
    if (existing) throw conflict(existing.status === 'member' ? M.alreadySignedUp : M.alreadyWaiting);
    const places = await tx
      .select({ status: activityMembers.status, n: sql<number>`count(*)::int` })
      .from(activityMembers)
      .where(and(eq(activityMembers.activityId, activityId), inArray(activityMembers.status, ['member', 'waiting'])))
      .groupBy(activityMembers.status);
    const members = Number(places.find((p) => p.status === 'member')?.n ?? 0);
    const waiting = Number(places.find((p) => p.status === 'waiting')?.n ?? 0);
    const status = members < activity.capacity && waiting === 0 ? 'member' : 'waiting';
    const [row] = await tx
      .insert(activityMembers)
      .values({
        organizationId: ctx.organizationId,
        activityId,
        learnerId,
        status,
        signedUpBy: ctx.user.id,
        joinedAt: status === 'member' ? new Date() : null,
      })
      .returning();
    if (status === 'member') await followFee(tx, ctx, activity.feeItemId, learner, true);
    await recordAudit(tx, {
      action: status === 'member' ? 'activity.signed_up' : 'activity.waiting_listed',
      actorUserId: ctx.user.id,
      target: `activity:${activityId}`,
      ip: ctx.ip,
      details: { learnerId },
    });
    const name = fullName(learner);
    if (status === 'member')
      return { status, waitingPosition: null, message: `${name} is signed up for ${activity.name}.` };
    const position = await waitingPosition(tx, activityId, row!.seq);
    return {
      status,
      waitingPosition: position,
      message: `${activity.name} is full. ${name} is number ${position} on the waiting list; we will let you know when a place frees up.`,
    };
  });
}

/** Takes the learner off the activity (member or waiting); a member's place goes to the first waiting. */
async function withdrawLearner(
  deps: TActivityDeps,
  ctx: TSchoolContext,
  activityId: string,
  learnerOf: (tx: DbExecutor) => Promise<TLearnerRow>,
) {
  await transaction(deps.database.db, async (tx) => {
    await lockForTransaction(tx, `activity:${activityId}`);
    const activity = await activityOfSchool(tx, ctx.organizationId, activityId);
    const learner = await learnerOf(tx);
    const place = await currentPlace(tx, activityId, learner.id);
    if (!place) throw notFound(M.notSignedUp);
    await tx
      .update(activityMembers)
      .set({ status: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(activityMembers.id, place.id));
    if (place.status === 'member') {
      await followFee(tx, ctx, activity.feeItemId, learner, false);
      if (activity.active) await promoteWaiting(tx, deps, ctx, activity);
    }
    await recordAudit(tx, {
      action: 'activity.withdrawn',
      actorUserId: ctx.user.id,
      target: `activity:${activityId}`,
      ip: ctx.ip,
      details: { learnerId: learner.id, was: place.status },
    });
  });
  return { withdrawn: true };
}

/** A learner or guardian withdraws one of their own learners. */
export const withdraw = (deps: TActivityDeps, ctx: TSchoolContext, activityId: string, learnerId: string) =>
  withdrawLearner(deps, ctx, activityId, (tx) => ownLearner(tx, ctx, learnerId));

/** The school takes a learner off an activity (or its waiting list). */
export const removeMember = (deps: TActivityDeps, ctx: TSchoolContext, activityId: string, learnerId: string) =>
  withdrawLearner(deps, ctx, activityId, async (tx) => {
    const [learner] = await tx
      .select()
      .from(learners)
      .where(and(eq(learners.id, learnerId), eq(learners.organizationId, ctx.organizationId)));
    if (!learner) throw notFound(M.notSignedUp);
    return learner;
  });
