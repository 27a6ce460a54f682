import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { attendanceRecords, learners, registerClasses, users } from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { csvDateTime, toCsv } from '../../../platform/lib/csv.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { findSchoolClass } from './attendance-access.ts';

export const ATTENDANCE_CSV_COLUMNS = [
  'date',
  'class',
  'grade',
  'admission_number',
  'last_name',
  'first_name',
  'status',
  'reason',
  'marked_by',
  // The school's time (csvDateTime): "2026-11-02 07:45".
  'marked_at_sast',
] as const;

/**
 * The school's marks between two dates (optionally one class) as CSV, formula cells escaped, the
 * time of each mark in the school's time (platform/lib/csv.ts).
 * Exports of children's data are audited (to `db`; the marks are read from `reads`, a replica when
 * there is one).
 */
export async function exportAttendance(
  db: DbExecutor,
  ctx: TSchoolContext,
  input: { from: string; to: string; classId?: string },
  reads: DbExecutor = db,
): Promise<string> {
  if (input.classId) await findSchoolClass(reads, ctx, input.classId);
  const rows = await reads
    .select({
      date: attendanceRecords.date,
      className: registerClasses.name,
      grade: registerClasses.grade,
      admissionNumber: learners.admissionNumber,
      lastName: learners.lastName,
      firstName: learners.firstName,
      status: attendanceRecords.status,
      reason: attendanceRecords.reason,
      markedBy: users.name,
      markedAt: attendanceRecords.markedAt,
    })
    .from(attendanceRecords)
    .innerJoin(learners, eq(learners.id, attendanceRecords.learnerId))
    .innerJoin(registerClasses, eq(registerClasses.id, attendanceRecords.registerClassId))
    .leftJoin(users, eq(users.id, attendanceRecords.markedBy))
    .where(
      and(
        eq(attendanceRecords.organizationId, ctx.organizationId),
        gte(attendanceRecords.date, input.from),
        lte(attendanceRecords.date, input.to),
        input.classId ? eq(attendanceRecords.registerClassId, input.classId) : undefined,
      ),
    )
    .orderBy(asc(attendanceRecords.date), asc(registerClasses.name), asc(learners.lastName), asc(learners.firstName));
  const data = rows.map((r) => [
    r.date,
    r.className,
    gradeFromNumber(r.grade),
    r.admissionNumber,
    r.lastName,
    r.firstName,
    r.status,
    r.reason,
    r.markedBy ?? '',
    csvDateTime(r.markedAt),
  ]);
  await recordAudit(db, {
    action: 'attendance.exported',
    actorUserId: ctx.user.id,
    target: input.classId ? `register_class:${input.classId}` : `organization:${ctx.organizationId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, from: input.from, to: input.to, rows: data.length },
  });
  return toCsv(ATTENDANCE_CSV_COLUMNS, data);
}
