import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  ATTENDANCE_MESSAGES,
  schoolToday,
  type TAttendanceStatus,
  type TRegister,
} from '@sekolo/shared/schemas/attendance';
import type { App } from '../../app.ts';
import type { DbExecutor } from '../../db/client.ts';
import {
  attendanceChanges,
  attendanceRecords,
  learners,
  registerClasses,
  registerClassTeachers,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { TSchoolContext } from '../school/school-context.ts';
import { canMarkClass, findSchoolClass } from './attendance-access.ts';
import { notifyAbsences } from './absence-notice.ts';

/**
 * Every active learner of the class, with the day's saved mark or none: one statement (the class,
 * its teacher, its learners and their marks), so a register costs one round trip. At 10 million
 * attendance rows it is 40 probes of attendance_records_learner_date_key (under a millisecond).
 */
/** The register statement, built and prepared once per database handle (PostgreSQL keeps its plan per connection). */
const registerStatements = new WeakMap<DbExecutor, ReturnType<typeof prepareRegister>>();

function prepareRegister(db: DbExecutor) {
  return db
    .select({
      classId: registerClasses.id,
      className: registerClasses.name,
      grade: registerClasses.grade,
      teacherId: registerClassTeachers.userId,
      learnerId: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      preferredName: learners.preferredName,
      admissionNumber: learners.admissionNumber,
      status: attendanceRecords.status,
      reason: attendanceRecords.reason,
      markedAt: attendanceRecords.markedAt,
    })
    .from(registerClasses)
    .leftJoin(registerClassTeachers, eq(registerClassTeachers.registerClassId, registerClasses.id))
    .leftJoin(
      learners,
      and(
        eq(learners.registerClassId, registerClasses.id),
        eq(learners.organizationId, registerClasses.organizationId),
        isNull(learners.archivedAt),
      ),
    )
    .leftJoin(
      attendanceRecords,
      and(eq(attendanceRecords.learnerId, learners.id), eq(attendanceRecords.date, sql.placeholder('date'))),
    )
    .where(
      and(
        eq(registerClasses.id, sql.placeholder('classId')),
        eq(registerClasses.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id))
    .prepare('sekolo_register');
}

export async function getRegister(
  db: DbExecutor,
  ctx: TSchoolContext,
  classId: string,
  date: string,
): Promise<TRegister> {
  let statement = registerStatements.get(db);
  if (!statement) {
    statement = prepareRegister(db);
    registerStatements.set(db, statement);
  }
  const rows = await statement.execute({ classId, organizationId: ctx.organizationId, date });
  const cls = rows[0];
  if (!cls) throw notFound(ATTENDANCE_MESSAGES.classNotFound);
  let last = 0;
  for (const r of rows) if (r.markedAt && r.markedAt.getTime() > last) last = r.markedAt.getTime();
  return {
    classId: cls.classId,
    className: cls.className,
    grade: gradeFromNumber(cls.grade),
    date,
    canMark: canMarkClass(ctx, cls),
    markedAt: last ? new Date(last).toISOString() : null,
    rows: rows.flatMap((r) =>
      r.learnerId === null
        ? [] // a class without learners: the class row alone
        : [
            {
              learnerId: r.learnerId,
              firstName: r.firstName!,
              lastName: r.lastName!,
              preferredName: r.preferredName!,
              admissionNumber: r.admissionNumber!,
              status: (r.status as TAttendanceStatus | null) ?? null,
              reason: r.reason ?? '',
            },
          ],
    ),
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
      .select({
        id: attendanceRecords.id,
        learnerId: attendanceRecords.learnerId,
        status: attendanceRecords.status,
        reason: attendanceRecords.reason,
      })
      .from(attendanceRecords)
      .where(and(inArray(attendanceRecords.learnerId, ids), eq(attendanceRecords.date, date)))
      .for('update');
    const byLearner = new Map(existing.map((r) => [r.learnerId, r]));
    const now = new Date();
    const fresh = marks.filter((m) => !byLearner.has(m.learnerId));
    const newlyAbsent: string[] = [];

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

    // Every correction in two statements whatever their number: one UPDATE ... FROM (VALUES ...)
    // and one multi-row insert of their history (a round trip per mark cost a 40-learner
    // correction up to 80 of them).
    const corrections = marks.flatMap((mark) => {
      const old = byLearner.get(mark.learnerId);
      return old && (old.status !== mark.status || old.reason !== mark.reason) ? [{ mark, old }] : [];
    });
    const changed = corrections.length;
    if (corrections.length) {
      const values = sql.join(
        corrections.map(({ mark, old }) => sql`(${old.id}::uuid, ${mark.status}::text, ${mark.reason}::text)`),
        sql`, `,
      );
      await tx.execute(sql`update ${attendanceRecords}
        set status = v.status, reason = v.reason, marked_by = ${ctx.user.id}, marked_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, status, reason)
        where ${attendanceRecords.id} = v.id`);
      await tx.insert(attendanceChanges).values(
        corrections.map(({ mark, old }) => ({
          organizationId: ctx.organizationId,
          recordId: old.id,
          oldStatus: old.status,
          oldReason: old.reason,
          newStatus: mark.status,
          newReason: mark.reason,
          changedBy: ctx.user.id,
          changedAt: now,
        })),
      );
      for (const { mark, old } of corrections) {
        if (mark.status === 'absent' && old.status !== 'absent') newlyAbsent.push(mark.learnerId);
      }
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
