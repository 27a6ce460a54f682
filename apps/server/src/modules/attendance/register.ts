import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  ATTENDANCE_MESSAGES,
  schoolToday,
  type TAttendanceStatus,
  type TRegister,
} from '@sekolo/shared/schemas/attendance';
import type { App } from '../../app.ts';
import type { DbExecutor } from '../../db/client.ts';
import { attendanceChanges, attendanceRecords, learners } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import type { TSchoolContext } from '../school/school-context.ts';
import { canMarkClass, findSchoolClass } from './attendance-access.ts';
import { notifyAbsences } from './absence-notice.ts';

/** Every active learner of the class, with the day's saved mark or none. */
export async function getRegister(
  db: DbExecutor,
  ctx: TSchoolContext,
  classId: string,
  date: string,
): Promise<TRegister> {
  const cls = await findSchoolClass(db, ctx, classId);
  const rows = await db
    .select({
      learnerId: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      preferredName: learners.preferredName,
      admissionNumber: learners.admissionNumber,
      status: attendanceRecords.status,
      reason: attendanceRecords.reason,
      markedAt: attendanceRecords.markedAt,
    })
    .from(learners)
    .leftJoin(attendanceRecords, and(eq(attendanceRecords.learnerId, learners.id), eq(attendanceRecords.date, date)))
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        eq(learners.registerClassId, classId),
        isNull(learners.archivedAt),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id));
  const marked = rows.map((r) => r.markedAt).filter((d): d is Date => d !== null);
  const last = marked.length ? new Date(Math.max(...marked.map((d) => d.getTime()))) : null;
  return {
    classId: cls.id,
    className: cls.name,
    grade: gradeFromNumber(cls.grade),
    date,
    canMark: canMarkClass(ctx, cls),
    markedAt: last ? last.toISOString() : null,
    rows: rows.map((r) => ({
      learnerId: r.learnerId,
      firstName: r.firstName,
      lastName: r.lastName,
      preferredName: r.preferredName,
      admissionNumber: r.admissionNumber,
      status: (r.status as TAttendanceStatus | null) ?? null,
      reason: r.reason ?? '',
    })),
  };
}

export type TSaveResult = { saved: number; created: number; changed: number; notified: number };

/**
 * Saves every mark of the class and date in one transaction: new marks are inserted, changed
 * marks are updated and the correction written to attendance_changes. A learner not in the
 * class refuses the whole batch. Guardians hear of a learner newly marked absent, after commit.
 */
export async function saveRegister(
  app: App,
  ctx: TSchoolContext,
  classId: string,
  date: string,
  marks: { learnerId: string; status: TAttendanceStatus; reason: string }[],
): Promise<TSaveResult> {
  const { db } = app.deps.database;
  if (date > schoolToday()) throw badRequest(ATTENDANCE_MESSAGES.dateFuture, { date: ATTENDANCE_MESSAGES.dateFuture });
  const seen = new Set<string>();
  for (const mark of marks) {
    if (seen.has(mark.learnerId)) throw badRequest(ATTENDANCE_MESSAGES.duplicateLearner(mark.learnerId));
    seen.add(mark.learnerId);
  }

  const outcome = await db.transaction(async (tx) => {
    const cls = await findSchoolClass(tx, ctx, classId);
    if (!canMarkClass(ctx, cls)) throw forbidden(ATTENDANCE_MESSAGES.notYourClass);
    const ids = marks.map((m) => m.learnerId);
    const members = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(
        and(
          inArray(learners.id, ids),
          eq(learners.organizationId, ctx.organizationId),
          eq(learners.registerClassId, classId),
          isNull(learners.archivedAt),
        ),
      );
    const memberIds = new Set(members.map((m) => m.id));
    const stranger = ids.find((id) => !memberIds.has(id));
    if (stranger) throw badRequest(ATTENDANCE_MESSAGES.learnerNotInClass(stranger));

    const existing = await tx
      .select()
      .from(attendanceRecords)
      .where(and(inArray(attendanceRecords.learnerId, ids), eq(attendanceRecords.date, date)))
      .for('update');
    const byLearner = new Map(existing.map((r) => [r.learnerId, r]));
    const now = new Date();
    const fresh = marks.filter((m) => !byLearner.has(m.learnerId));
    const newlyAbsent: string[] = [];
    let changed = 0;

    if (fresh.length) {
      const inserted = await tx
        .insert(attendanceRecords)
        .values(
          fresh.map((m) => ({
            organizationId: ctx.organizationId,
            registerClassId: classId,
            learnerId: m.learnerId,
            date,
            status: m.status,
            reason: m.reason,
            markedBy: ctx.user.id,
            markedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: attendanceRecords.id });
      // A concurrent save inserted some of these rows between our read and our insert.
      if (inserted.length !== fresh.length) throw new AppError(409, 'CONFLICT', ATTENDANCE_MESSAGES.concurrentSave);
      for (const m of fresh) if (m.status === 'absent') newlyAbsent.push(m.learnerId);
    }

    for (const mark of marks) {
      const old = byLearner.get(mark.learnerId);
      if (!old || (old.status === mark.status && old.reason === mark.reason)) continue;
      changed += 1;
      await tx
        .update(attendanceRecords)
        .set({ status: mark.status, reason: mark.reason, markedBy: ctx.user.id, markedAt: now })
        .where(eq(attendanceRecords.id, old.id));
      await tx.insert(attendanceChanges).values({
        organizationId: ctx.organizationId,
        recordId: old.id,
        oldStatus: old.status,
        oldReason: old.reason,
        newStatus: mark.status,
        newReason: mark.reason,
        changedBy: ctx.user.id,
        changedAt: now,
      });
      if (mark.status === 'absent' && old.status !== 'absent') newlyAbsent.push(mark.learnerId);
    }

    if (changed > 0) {
      await recordAudit(tx, {
        action: 'attendance.corrected',
        actorUserId: ctx.user.id,
        target: `register_class:${classId}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, date, changed },
      });
    }
    return { saved: marks.length, created: fresh.length, changed, newlyAbsent };
  });

  let notified = 0;
  if (outcome.newlyAbsent.length) {
    try {
      notified = await notifyAbsences(app, ctx, outcome.newlyAbsent, date);
    } catch (error) {
      // The register is saved; a mail failure must not undo it. The parent dashboard still shows the absence.
      app.log.error({ err: error }, 'attendance: absence notification failed');
    }
  }
  return { saved: outcome.saved, created: outcome.created, changed: outcome.changed, notified };
}
