import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  ATTENDANCE_MESSAGES,
  schoolToday,
  type TAttendanceStatus,
  type TRegister,
} from '@sekolo/shared/schemas/attendance';
import type { App } from '../../app.ts';
import { rowsOf, type DbExecutor } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
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
import { queueAbsenceNotices } from './absence-notice.ts';

/** The register statement, built and prepared once per database handle (PostgreSQL keeps its plan per connection). */
const registerStatements = new WeakMap<DbExecutor, ReturnType<typeof prepareRegister>>();

/**
 * `OFFSET 0` keeps a subquery a query of its own: PostgreSQL would otherwise fold the class's marks
 * into the join and probe the unique key per learner again. Written as SQL because drizzle leaves
 * out an offset of the number 0.
 */
const KEEP_APART = sql`0` as unknown as number;

/**
 * Every active learner of the class, with the day's saved mark or none: one statement (the class,
 * its teacher, its learners and their marks), so a register costs one round trip.
 *
 * The marks are found the way they were saved: the class's records of the day are one range of
 * attendance_records_class_date_idx, a few adjacent pages whatever the table's size. Asking for
 * each learner's mark by (learner, date) instead costs 40 probes of the unique key, 40 pages spread
 * over an index of 10 million rows (at scale, 42 blocks read from outside PostgreSQL's cache against
 * 5, and twice the register reads a second under pgbench). A learner with no mark in this class's
 * records (not yet marked, or marked in the class they were in that day before a move) is looked up
 * by (learner, date) alone, so the register shows the same marks either way.
 *
 * Unprepared here: the scale bench (scripts/bench-school.mjs) runs its text too.
 */
export function registerQuery(db: DbExecutor) {
  const mark = {
    learnerId: attendanceRecords.learnerId,
    status: attendanceRecords.status,
    reason: attendanceRecords.reason,
    markedAt: attendanceRecords.markedAt,
  };
  const classMarks = db
    .select(mark)
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.organizationId, sql.placeholder('organizationId')),
        eq(attendanceRecords.registerClassId, sql.placeholder('classId')),
        eq(attendanceRecords.date, sql.placeholder('date')),
      ),
    )
    .offset(KEEP_APART)
    .as('class_marks');
  // Only for a learner the class's marks lack: PostgreSQL skips the probe otherwise (a one-time filter).
  const otherMark = db
    .select(mark)
    .from(attendanceRecords)
    .where(
      and(
        sql`${classMarks.learnerId} is null`,
        eq(attendanceRecords.learnerId, learners.id),
        eq(attendanceRecords.date, sql.placeholder('date')),
      ),
    )
    .offset(KEEP_APART)
    .as('other_mark');
  return (
    db
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
        // One mark a learner, whichever found it. Flat columns: drizzle maps each selected field
        // of each row, a cost the profile of the read shows.
        status: sql<string | null>`coalesce(${classMarks.status}, ${otherMark.status})`,
        reason: sql<string | null>`coalesce(${classMarks.reason}, ${otherMark.reason})`,
        markedAt: sql<Date | null>`coalesce(${classMarks.markedAt}, ${otherMark.markedAt})`.mapWith(
          attendanceRecords.markedAt,
        ),
      })
      .from(registerClasses)
      .leftJoin(registerClassTeachers, eq(registerClassTeachers.registerClassId, registerClasses.id))
      // The class's learners by the same arguments as the class (not by its columns), so PostgreSQL
      // expects 40 of them and hashes the class's marks once instead of scanning them per learner.
      .leftJoin(
        learners,
        and(
          eq(learners.registerClassId, sql.placeholder('classId')),
          eq(learners.organizationId, sql.placeholder('organizationId')),
          isNull(learners.archivedAt),
        ),
      )
      .leftJoin(classMarks, eq(classMarks.learnerId, learners.id))
      .leftJoinLateral(otherMark, sql`true`)
      .where(
        and(
          eq(registerClasses.id, sql.placeholder('classId')),
          eq(registerClasses.organizationId, sql.placeholder('organizationId')),
        ),
      )
      .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id))
  );
}

const prepareRegister = (db: DbExecutor) => registerQuery(db).prepare('sekolo_register');

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
 * class refuses the whole batch. The e-mails to the guardians of a learner newly marked absent
 * are queued in the same transaction; the mailer sends them once it commits.
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

  return transaction(db, async (tx) => {
    const cls = await findSchoolClass(tx, ctx, classId);
    if (!canMarkClass(ctx, cls)) throw forbidden(ATTENDANCE_MESSAGES.notYourClass);
    // Every statement below has the same text whatever the class size: the marks travel as one
    // uuid[] or jsonb parameter, not as 40 x 8 placeholders, so PostgreSQL parses and plans small
    // statements and the server builds no per-mark SQL.
    const ids = `{${marks.map((m) => m.learnerId).join(',')}}`; // uuids, checked by ZAttendanceMark
    // One round trip for two questions, in the marks' order: is each learner in the class, and
    // which of them already have a mark that day. Those marks stay locked until the commit, so a
    // second save of the register waits and then corrects from the first's marks (two first saves
    // at once are caught by the insert's count below). A refused batch rolls back, releasing them.
    const found = rowsOf<{ learner_id: string; in_class: boolean; id: string | null; status: string; reason: string }>(
      await tx.execute(sql`select m.id as learner_id,
          exists (select 1 from ${learners} where ${learners.id} = m.id
            and ${learners.organizationId} = ${ctx.organizationId} and ${learners.registerClassId} = ${classId}
            and ${learners.archivedAt} is null) as in_class,
          saved.id, saved.status, saved.reason
        from unnest(${ids}::uuid[]) with ordinality as m(id, n)
        left join lateral (select ${attendanceRecords.id}, ${attendanceRecords.status}, ${attendanceRecords.reason}
          from ${attendanceRecords}
          where ${attendanceRecords.learnerId} = m.id and ${attendanceRecords.date} = ${date}
          for update) as saved on true
        order by m.n`),
    );
    const stranger = found.find((r) => !r.in_class);
    if (stranger) throw badRequest(ATTENDANCE_MESSAGES.learnerNotInClass(stranger.learner_id));
    const existing = found.filter((r): r is typeof r & { id: string } => r.id !== null);
    const byLearner = new Map(existing.map((r) => [r.learner_id, r]));
    const now = new Date().toISOString();
    const fresh = marks.filter((m) => !byLearner.has(m.learnerId));
    const newlyAbsent: string[] = [];

    if (fresh.length) {
      const rows = JSON.stringify(fresh.map((m) => ({ learner_id: m.learnerId, status: m.status, reason: m.reason })));
      const inserted = rowsOf(
        await tx.execute(sql`insert into ${attendanceRecords}
          (organization_id, register_class_id, learner_id, date, status, reason, marked_by, marked_at)
          select ${ctx.organizationId}::uuid, ${classId}::uuid, m.learner_id, ${date}::date, m.status, m.reason, ${ctx.user.id}, ${now}::timestamptz
          from jsonb_to_recordset(${rows}::jsonb) as m(learner_id uuid, status text, reason text)
          on conflict do nothing
          returning ${attendanceRecords.id}`),
      );
      // A concurrent save inserted some of these rows between our read and our insert.
      if (inserted.length !== fresh.length) throw new AppError(409, 'CONFLICT', ATTENDANCE_MESSAGES.concurrentSave);
      for (const m of fresh) if (m.status === 'absent') newlyAbsent.push(m.learnerId);
    }

    // Every correction and its history in one statement, whatever their number.
    const corrections = marks.flatMap((mark) => {
      const old = byLearner.get(mark.learnerId);
      return old && (old.status !== mark.status || old.reason !== mark.reason) ? [{ mark, old }] : [];
    });
    const changed = corrections.length;
    if (corrections.length) {
      const rows = JSON.stringify(
        corrections.map(({ mark, old }) => ({
          id: old.id,
          old_status: old.status,
          old_reason: old.reason,
          status: mark.status,
          reason: mark.reason,
        })),
      );
      await tx.execute(sql`with v as (
          select * from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, old_status text, old_reason text, status text, reason text)
        ), updated as (
          update ${attendanceRecords} set status = v.status, reason = v.reason, marked_by = ${ctx.user.id}, marked_at = ${now}::timestamptz
          from v where ${attendanceRecords.id} = v.id
          returning ${attendanceRecords.id}
        )
        insert into ${attendanceChanges}
          (organization_id, record_id, old_status, old_reason, new_status, new_reason, changed_by, changed_at)
        select ${ctx.organizationId}::uuid, v.id, v.old_status, v.old_reason, v.status, v.reason, ${ctx.user.id}, ${now}::timestamptz
        from v join updated on updated.id = v.id`);
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
    const notified = newlyAbsent.length ? await queueAbsenceNotices(app, tx, ctx, newlyAbsent, date) : 0;
    return { saved: marks.length, created: fresh.length, changed, notified };
  });
}
