import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVITY_MESSAGES as M,
  type TActivityDetail,
  type TActivityMark,
  type TActivityMember,
  type TAttendanceInput,
  type TSessionRegister,
  type TSessionSummary,
  type TTodaySessions,
  weekdayName,
} from '@sekolo/shared/schemas/activities';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { addDays, dayOfWeek, formatLongDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  activities,
  activityAttendance,
  activityMembers,
  activitySessions,
  learners,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, forbidden } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { activityOfSchool, activityView, placesOf, type TActivityRow } from '../lib/activity-views.ts';
import { isCoachOf, managesActivities } from './manage-activities.ts';
import { notifyFamily, type TActivityDeps } from './sign-ups.ts';

/** The weekday 1 Monday … 7 Sunday of a date. */
const isoDay = (date: string) => dayOfWeek(date) || 7;
const slotOn = (activity: TActivityRow, date: string) => activity.schedule.find((s) => s.day === isoDay(date)) ?? null;

/** How far back and ahead the activity page lists sessions. */
const WEEKS_BACK = 8;
const WEEKS_AHEAD = 2;
/** Sessions may be cancelled up to this far ahead. */
const CANCEL_DAYS_AHEAD = 90;

/** Reading an activity's members and sessions: whoever manages activities, or its coach. */
function assertMayRead(ctx: TSchoolContext, activity: TActivityRow) {
  if (!managesActivities(ctx) && !isCoachOf(ctx, activity)) throw forbidden(M.notYourActivity);
}

async function marksOf(db: DbExecutor, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: activityAttendance.sessionId,
      learnerId: activityAttendance.learnerId,
      mark: activityAttendance.mark,
    })
    .from(activityAttendance)
    .where(inArray(activityAttendance.sessionId, sessionIds));
}

/** An activity's members, waiting list, attendance per member and its recent and coming sessions. */
export async function activityDetail(
  db: DbExecutor,
  ctx: TSchoolContext,
  activityId: string,
): Promise<TActivityDetail> {
  const activity = await activityOfSchool(db, ctx.organizationId, activityId);
  assertMayRead(ctx, activity);
  const places = await db
    .select({ place: activityMembers, learner: learners })
    .from(activityMembers)
    .innerJoin(learners, eq(learners.id, activityMembers.learnerId))
    .where(and(eq(activityMembers.activityId, activityId), inArray(activityMembers.status, ['member', 'waiting'])))
    .orderBy(asc(activityMembers.seq));
  const held = await db
    .select()
    .from(activitySessions)
    .where(eq(activitySessions.activityId, activityId))
    .orderBy(desc(activitySessions.date));
  const marks = await marksOf(
    db,
    held.filter((s) => s.status === 'held').map((s) => s.id),
  );
  const tally = (learnerId: string) => {
    const own = marks.filter((m) => m.learnerId === learnerId);
    return {
      present: own.filter((m) => m.mark === 'present').length,
      absent: own.filter((m) => m.mark === 'absent').length,
      excused: own.filter((m) => m.mark === 'excused').length,
    };
  };
  let waitingPosition = 0;
  const people: TActivityMember[] = places.map(({ place, learner }) => ({
    learnerId: learner.id,
    name: `${learner.firstName} ${learner.lastName}`,
    grade: learner.grade,
    admissionNumber: learner.admissionNumber,
    status: place.status as 'member' | 'waiting',
    waitingPosition: place.status === 'waiting' ? ++waitingPosition : null,
    joinedAt: (place.joinedAt ?? place.createdAt).toISOString(),
    attendance: tally(learner.id),
  }));

  // The schedule's days from eight weeks back (not before the activity began) to two weeks ahead.
  const today = schoolToday();
  const began = todayInSouthAfrica(activity.createdAt);
  const from = [addDays(today, -7 * WEEKS_BACK), began].sort()[1]!;
  const sessions: TSessionSummary[] = [];
  for (let date = addDays(today, 7 * WEEKS_AHEAD); date >= from; date = addDays(date, -1)) {
    const slot = slotOn(activity, date);
    const row = held.find((s) => s.date === date);
    if (!slot && !row) continue;
    const own = row ? marks.filter((m) => m.sessionId === row.id) : [];
    sessions.push({
      date,
      starts: row?.starts ?? slot!.starts,
      ends: row?.ends ?? slot!.ends,
      status: (row?.status as 'held' | 'cancelled' | undefined) ?? 'scheduled',
      cancelReason: row?.cancelReason ?? null,
      present: own.filter((m) => m.mark === 'present').length,
      absent: own.filter((m) => m.mark === 'absent').length,
      excused: own.filter((m) => m.mark === 'excused').length,
    });
  }
  return {
    activity: await activityView(db, activity),
    members: people.filter((p) => p.status === 'member'),
    waiting: people.filter((p) => p.status === 'waiting'),
    sessions,
    canMarkAttendance: isCoachOf(ctx, activity),
    canManage: managesActivities(ctx),
  };
}

/** The caller's sessions today: the active activities they coach that meet on today's weekday. */
export async function todaySessions(db: DbExecutor, ctx: TSchoolContext): Promise<TTodaySessions> {
  const today = schoolToday();
  const rows = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.organizationId, ctx.organizationId),
        eq(activities.coachUserId, ctx.user.id),
        eq(activities.active, true),
      ),
    )
    .orderBy(asc(activities.name));
  const meeting = rows.filter((row) => slotOn(row, today));
  const ids = meeting.map((row) => row.id);
  const places = await placesOf(db, ids);
  const held = ids.length
    ? await db
        .select()
        .from(activitySessions)
        .where(and(inArray(activitySessions.activityId, ids), eq(activitySessions.date, today)))
    : [];
  const marks = await marksOf(
    db,
    held.map((s) => s.id),
  );
  const sessions = meeting
    .map((row): TTodaySessions['sessions'][number] => {
      const slot = slotOn(row, today)!;
      const session = held.find((s) => s.activityId === row.id);
      return {
        activityId: row.id,
        name: row.name,
        venue: row.venue,
        starts: session?.starts ?? slot.starts,
        ends: session?.ends ?? slot.ends,
        status: (session?.status as 'held' | 'cancelled' | undefined) ?? 'scheduled',
        memberCount: places.get(row.id)?.members ?? 0,
        marked: session ? marks.filter((m) => m.sessionId === session.id).length : 0,
      };
    })
    .sort((a, b) => a.starts.localeCompare(b.starts));
  return { date: today, sessions };
}

async function register(
  db: DbExecutor,
  ctx: TSchoolContext,
  activity: TActivityRow,
  date: string,
): Promise<TSessionRegister> {
  const slot = slotOn(activity, date);
  const [session] = await db
    .select()
    .from(activitySessions)
    .where(and(eq(activitySessions.activityId, activity.id), eq(activitySessions.date, date)));
  if (!slot && !session) throw badRequest(M.notScheduled, { date: M.notScheduled });
  const marks = session ? await marksOf(db, [session.id]) : [];
  const current = await db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName, grade: learners.grade })
    .from(activityMembers)
    .innerJoin(learners, eq(learners.id, activityMembers.learnerId))
    .where(and(eq(activityMembers.activityId, activity.id), eq(activityMembers.status, 'member')));
  // Those marked on the day who have since left stay on that day's register.
  const leftSince = marks.filter((m) => !current.some((c) => c.id === m.learnerId)).map((m) => m.learnerId);
  const former = leftSince.length
    ? await db
        .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName, grade: learners.grade })
        .from(learners)
        .where(inArray(learners.id, leftSince))
    : [];
  const members = [...current, ...former]
    .map((l) => ({
      learnerId: l.id,
      name: `${l.firstName} ${l.lastName}`,
      grade: l.grade,
      mark: (marks.find((m) => m.learnerId === l.id)?.mark as TActivityMark | undefined) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    activity: { id: activity.id, name: activity.name, venue: activity.venue },
    date,
    starts: session?.starts ?? slot!.starts,
    ends: session?.ends ?? slot!.ends,
    status: (session?.status as 'held' | 'cancelled' | undefined) ?? 'scheduled',
    cancelReason: session?.cancelReason ?? null,
    members,
    canMarkAttendance: isCoachOf(ctx, activity),
  };
}

/** One session's register: the members and their marks (the coach, or whoever manages activities). */
export async function sessionRegister(db: DbExecutor, ctx: TSchoolContext, activityId: string, date: string) {
  const activity = await activityOfSchool(db, ctx.organizationId, activityId);
  assertMayRead(ctx, activity);
  return register(db, ctx, activity, date);
}

/**
 * The coach marks members present, absent or excused for a session of their activity (that day or
 * a past one); marking again changes the mark. Only the activity's coach marks.
 */
export async function markAttendance(
  deps: TActivityDeps,
  ctx: TSchoolContext,
  activityId: string,
  date: string,
  input: TAttendanceInput,
): Promise<TSessionRegister> {
  return transaction(deps.database.db, async (tx) => {
    const activity = await activityOfSchool(tx, ctx.organizationId, activityId);
    if (!isCoachOf(ctx, activity)) throw forbidden(M.notYourActivity);
    const slot = slotOn(activity, date);
    if (date > schoolToday()) throw badRequest(M.tooFarAhead, { date: M.tooFarAhead });
    const [existing] = await tx
      .select()
      .from(activitySessions)
      .where(and(eq(activitySessions.activityId, activityId), eq(activitySessions.date, date)));
    if (!slot && !existing) throw badRequest(M.notScheduled, { date: M.notScheduled });
    if (existing?.status === 'cancelled') throw conflict(M.sessionCancelled);
    const members = await tx
      .select({ learnerId: activityMembers.learnerId })
      .from(activityMembers)
      .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.status, 'member')));
    const previous = existing ? await marksOf(tx, [existing.id]) : [];
    const allowed = new Set([...members.map((m) => m.learnerId), ...previous.map((m) => m.learnerId)]);
    if (input.marks.some((m) => !allowed.has(m.learnerId))) throw badRequest(M.notAMember, { marks: M.notAMember });
    const session =
      existing ??
      (
        await tx
          .insert(activitySessions)
          .values({
            organizationId: ctx.organizationId,
            activityId,
            date,
            starts: slot!.starts,
            ends: slot!.ends,
            status: 'held',
          })
          .onConflictDoUpdate({
            target: [activitySessions.activityId, activitySessions.date],
            set: { updatedAt: new Date() },
          })
          .returning()
      )[0]!;
    if (session.status === 'cancelled') throw conflict(M.sessionCancelled);
    await tx
      .insert(activityAttendance)
      .values(
        input.marks.map((m) => ({
          sessionId: session.id,
          learnerId: m.learnerId,
          organizationId: ctx.organizationId,
          mark: m.mark,
          markedBy: ctx.user.id,
        })),
      )
      .onConflictDoUpdate({
        target: [activityAttendance.sessionId, activityAttendance.learnerId],
        set: { mark: sql`excluded.mark`, markedBy: ctx.user.id, markedAt: new Date() },
      });
    await recordAudit(tx, {
      action: 'activity.attendance_marked',
      actorUserId: ctx.user.id,
      target: `activity:${activityId}`,
      ip: ctx.ip,
      details: { date, marks: input.marks.length },
    });
    return register(tx, ctx, activity, date);
  });
}

/**
 * Cancels a session of the schedule (today's or a coming one) with a reason, and tells the
 * members' guardians (and the members' own accounts). The coach or whoever manages activities.
 */
export async function cancelSession(
  deps: TActivityDeps,
  ctx: TSchoolContext,
  activityId: string,
  date: string,
  reason: string,
): Promise<TSessionRegister> {
  return transaction(deps.database.db, async (tx) => {
    const activity = await activityOfSchool(tx, ctx.organizationId, activityId);
    assertMayRead(ctx, activity);
    const slot = slotOn(activity, date);
    if (!slot) throw badRequest(M.notScheduled, { date: M.notScheduled });
    const today = schoolToday();
    if (date < today || date > addDays(today, CANCEL_DAYS_AHEAD))
      throw badRequest(M.notScheduled, { date: M.notScheduled });
    const [existing] = await tx
      .select()
      .from(activitySessions)
      .where(and(eq(activitySessions.activityId, activityId), eq(activitySessions.date, date)));
    if (existing?.status === 'cancelled') throw conflict(M.alreadyCancelled);
    const [session] = await tx
      .insert(activitySessions)
      .values({
        organizationId: ctx.organizationId,
        activityId,
        date,
        starts: slot.starts,
        ends: slot.ends,
        status: 'cancelled',
        cancelReason: reason,
        cancelledBy: ctx.user.id,
      })
      .onConflictDoUpdate({
        target: [activitySessions.activityId, activitySessions.date],
        set: { status: 'cancelled', cancelReason: reason, cancelledBy: ctx.user.id, updatedAt: new Date() },
      })
      .returning();
    const members = await tx
      .select({ learnerId: activityMembers.learnerId })
      .from(activityMembers)
      .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.status, 'member')));
    const when = `${weekdayName(isoDay(date))} ${formatLongDate(date).replace(/^\w+, /, '')}`;
    for (const { learnerId } of members) {
      await notifyFamily(tx, deps, ctx.organizationId, learnerId, {
        key: `activity-cancelled:${session!.id}:${learnerId}`,
        title: `${activity.name} cancelled on ${when}`,
        body: `${activity.name} on ${when} (${slot.starts}–${slot.ends}) is cancelled: ${reason}`,
      });
    }
    await recordAudit(tx, {
      action: 'activity.session_cancelled',
      actorUserId: ctx.user.id,
      target: `activity:${activityId}`,
      ip: ctx.ip,
      details: { date, members: members.length },
    });
    return register(tx, ctx, activity, date);
  });
}
