import { sql } from 'drizzle-orm';
import {
  ABSENTEES_SHOWN,
  CHRONIC_ABSENCE_MIN_DAYS,
  CHRONIC_ABSENCE_PERCENT,
  formatAttendanceRate,
  type TAttendanceReport,
  type TChronicAbsentee,
  type TClassRate,
} from '@sekolo/shared/schemas/attendance';
import { gradeLabel as label, type TSchoolGrade as TGrade } from '@sekolo/shared/constants/enumerations';
import { gradeFromNumber, gradeToNumber } from '@sekolo/shared/schemas/school';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { toCsv } from '../../../platform/lib/csv.ts';
import { clip, writer } from '../../../platform/lib/pdf-writer.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { getGradeRates } from './views.ts';

/**
 * The Reports page's attendance (view_reports): the rate of each grade and register class over a
 * period, and the chronic absentees (absent, excused or not, on at least CHRONIC_ABSENCE_PERCENT of
 * their marked days, with at least CHRONIC_ABSENCE_MIN_DAYS marked). Present and late count as
 * attending, as everywhere in attendance. Every figure is counted by the database.
 */

type TPeriod = { from: string; to: string; grade?: TGrade };

const rateOf = (attending: number, total: number) => (total ? Math.round((attending / total) * 1000) / 10 : null);

export async function classRates(db: DbExecutor, ctx: TSchoolContext, period: TPeriod): Promise<TClassRate[]> {
  const rows = rowsOf<{
    id: string;
    name: string;
    grade: number;
    learners: string;
    present: string;
    absent: string;
    late: string;
    excused: string;
  }>(
    await db.execute(sql`
      SELECT c.id, c.name, c.grade, count(DISTINCT r.learner_id) AS learners,
        count(*) FILTER (WHERE r.status = 'present') AS present,
        count(*) FILTER (WHERE r.status = 'absent') AS absent,
        count(*) FILTER (WHERE r.status = 'late') AS late,
        count(*) FILTER (WHERE r.status = 'excused') AS excused
      FROM attendance_records r
      JOIN register_classes c ON c.id = r.register_class_id AND c.organization_id = r.organization_id
      WHERE r.organization_id = ${ctx.organizationId}::uuid AND r.date BETWEEN ${period.from} AND ${period.to}
        ${period.grade === undefined ? sql`` : sql`AND c.grade = ${gradeToNumber(period.grade)}`}
      GROUP BY c.id, c.name, c.grade
      ORDER BY c.grade, c.name`),
  );
  return rows.map((r) => {
    const counts = {
      present: Number(r.present),
      absent: Number(r.absent),
      late: Number(r.late),
      excused: Number(r.excused),
    };
    const total = counts.present + counts.absent + counts.late + counts.excused;
    return {
      classId: r.id,
      className: r.name,
      grade: gradeFromNumber(Number(r.grade)),
      learners: Number(r.learners),
      counts,
      total,
      rate: rateOf(counts.present + counts.late, total),
    };
  });
}

/** The period's chronic absentees, the most absent first; `limit` null gives them all. */
export async function chronicAbsentees(
  db: DbExecutor,
  ctx: TSchoolContext,
  period: TPeriod,
  limit: number | null,
): Promise<{ absentees: TChronicAbsentee[]; total: number }> {
  const rows = rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    admission_number: string;
    class_name: string | null;
    grade: number;
    marked: string;
    absent: string;
    total: string;
  }>(
    await db.execute(sql`
      WITH per_learner AS (
        SELECT r.learner_id, count(*) AS marked,
          count(*) FILTER (WHERE r.status IN ('absent', 'excused')) AS absent
        FROM attendance_records r
        WHERE r.organization_id = ${ctx.organizationId}::uuid AND r.date BETWEEN ${period.from} AND ${period.to}
        GROUP BY r.learner_id
      )
      SELECT l.id, l.first_name, l.last_name, l.admission_number, c.name AS class_name, l.grade,
        p.marked, p.absent, count(*) OVER () AS total
      FROM per_learner p
      JOIN learners l ON l.id = p.learner_id AND l.organization_id = ${ctx.organizationId}::uuid
      LEFT JOIN register_classes c ON c.id = l.register_class_id
      WHERE p.marked >= ${CHRONIC_ABSENCE_MIN_DAYS} AND p.absent * 100 >= ${CHRONIC_ABSENCE_PERCENT} * p.marked
        ${period.grade === undefined ? sql`` : sql`AND l.grade = ${gradeToNumber(period.grade)}`}
      ORDER BY p.absent::float8 / p.marked DESC, p.absent DESC, l.last_name, l.first_name, l.id
      ${limit === null ? sql`` : sql`LIMIT ${limit}`}`),
  );
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    absentees: rows.map((r) => ({
      learnerId: r.id,
      name: `${r.first_name} ${r.last_name}`,
      admissionNumber: r.admission_number,
      className: r.class_name ?? '',
      grade: gradeFromNumber(Number(r.grade)),
      daysMarked: Number(r.marked),
      daysAbsent: Number(r.absent),
      absenceRate: Math.round((Number(r.absent) / Number(r.marked)) * 1000) / 10,
    })),
  };
}

export async function attendanceReport(
  db: DbExecutor,
  ctx: TSchoolContext,
  period: TPeriod,
): Promise<TAttendanceReport> {
  const [grades, classes, absent] = await Promise.all([
    getGradeRates(db, ctx, period.from, period.to),
    classRates(db, ctx, period),
    chronicAbsentees(db, ctx, period, ABSENTEES_SHOWN),
  ]);
  return {
    from: period.from,
    to: period.to,
    grades: period.grade === undefined ? grades : grades.filter((g) => g.grade === period.grade),
    classes,
    absentees: absent.absentees,
    absenteesTotal: absent.total,
    thresholdPercent: CHRONIC_ABSENCE_PERCENT,
  };
}

const gradeLabel = (grade: TGrade) => label(grade) ?? `Grade ${grade}`;

export const ABSENTEES_CSV_COLUMNS = [
  'admission_number',
  'last_name',
  'first_name',
  'grade',
  'class',
  'days_marked',
  'days_absent',
  'absence_rate_percent',
] as const;

/**
 * Every chronic absentee of the period as CSV; an export of children's data, so audited (to `db`;
 * the rows are read from `reads`, a replica when there is one).
 */
export async function absenteesCsv(
  db: DbExecutor,
  ctx: TSchoolContext,
  period: TPeriod,
  reads: DbExecutor = db,
): Promise<string> {
  const { absentees } = await chronicAbsentees(reads, ctx, period, null);
  await recordAudit(db, {
    action: 'attendance.absentees_exported',
    actorUserId: ctx.user.id,
    target: `organization:${ctx.organizationId}`,
    ip: ctx.ip,
    details: { from: period.from, to: period.to, grade: period.grade ?? null, rows: absentees.length },
  });
  return toCsv(
    ABSENTEES_CSV_COLUMNS,
    absentees.map((a) => {
      const [first, ...rest] = a.name.split(' ');
      return [
        a.admissionNumber,
        rest.join(' '),
        first,
        a.grade,
        a.className,
        a.daysMarked,
        a.daysAbsent,
        a.absenceRate,
      ];
    }),
  );
}

/**
 * The report on paper: the period, each grade's and class's rate, and the chronic absentees.
 * Audited to `db`; read from `reads`.
 */
export async function attendanceReportPdf(
  db: DbExecutor,
  ctx: TSchoolContext,
  period: TPeriod,
  reads: DbExecutor = db,
): Promise<Uint8Array> {
  const report = await attendanceReport(reads, ctx, period);
  const { absentees } = await chronicAbsentees(reads, ctx, period, null);
  await recordAudit(db, {
    action: 'attendance.report_exported',
    actorUserId: ctx.user.id,
    target: `organization:${ctx.organizationId}`,
    ip: ctx.ip,
    details: { from: period.from, to: period.to, grade: period.grade ?? null, format: 'pdf' },
  });
  const { doc, w } = await writer();
  w.text(ctx.schoolName, 40, { size: 14, bold: true });
  w.down(20);
  w.text(`Attendance report${period.grade === undefined ? '' : `, ${gradeLabel(period.grade)}`}`, 40, {
    size: 12,
    bold: true,
  });
  w.down(16);
  w.text(`${formatDate(report.from)} to ${formatDate(report.to)}. Present and late count as attending.`, 40);
  w.down(24);
  w.text('Per grade', 40, { bold: true, size: 10 });
  w.down(16);
  for (const heading of [
    ['Grade', 40],
    ['Marks', 300],
    ['Absent', 380],
    ['Attendance', 555],
  ] as const)
    w.text(heading[0], heading[1], { bold: true, right: heading[1] !== 40 });
  w.down();
  w.rule();
  for (const g of report.grades) {
    w.text(gradeLabel(g.grade), 40);
    w.text(String(g.total), 300, { right: true });
    w.text(String(g.counts.absent + g.counts.excused), 380, { right: true });
    w.text(formatAttendanceRate(g.rate), 555, { right: true });
    w.down();
  }
  w.down(10);
  w.text('Per class', 40, { bold: true, size: 10 });
  w.down(16);
  for (const heading of [
    ['Class', 40],
    ['Learners', 300],
    ['Absent', 380],
    ['Attendance', 555],
  ] as const)
    w.text(heading[0], heading[1], { bold: true, right: heading[1] !== 40 });
  w.down();
  w.rule();
  for (const c of report.classes) {
    w.text(`${clip(c.className, 40)} (${gradeLabel(c.grade)})`, 40);
    w.text(String(c.learners), 300, { right: true });
    w.text(String(c.counts.absent + c.counts.excused), 380, { right: true });
    w.text(formatAttendanceRate(c.rate), 555, { right: true });
    w.down();
  }
  w.down(10);
  w.text(
    `Chronic absentees: ${absentees.length} (absent on ${report.thresholdPercent}% or more of ${CHRONIC_ABSENCE_MIN_DAYS} or more marked days)`,
    40,
    { bold: true, size: 10 },
  );
  w.down(16);
  for (const heading of [
    ['Learner', 40],
    ['Class', 250],
    ['Days absent', 470],
    ['Absence', 555],
  ] as const)
    w.text(heading[0], heading[1], { bold: true, right: heading[1] > 400 });
  w.down();
  w.rule();
  for (const a of absentees) {
    w.text(`${clip(a.name, 34)} (${a.admissionNumber})`, 40);
    w.text(clip(a.className, 30), 250);
    w.text(`${a.daysAbsent} of ${a.daysMarked}`, 470, { right: true });
    w.text(`${a.absenceRate.toFixed(1)}%`, 555, { right: true });
    w.down();
  }
  return doc.save();
}
