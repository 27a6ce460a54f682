import { z } from 'zod';
import { SCHOOL_GRADE_IDS } from '../constants/enumerations.ts';
import { countOf } from '../domain/count.ts';
import { formatDate } from '../domain/sa-calendar.ts';

/** Attendance: the daily register of a register class. Shared by the API and the web form. */

export const ATTENDANCE_STATUSES = [
  { id: 'present', label: 'Present' },
  { id: 'absent', label: 'Absent' },
  { id: 'late', label: 'Late' },
  { id: 'excused', label: 'Excused' },
] as const;
export type TAttendanceStatus = (typeof ATTENDANCE_STATUSES)[number]['id'];
export const ATTENDANCE_STATUS_IDS = ATTENDANCE_STATUSES.map((s) => s.id) as [
  TAttendanceStatus,
  ...TAttendanceStatus[],
];

export const ATTENDANCE_REASON_MAX = 500;
/** The school's day: registers are marked by the South African calendar. */
export const ATTENDANCE_TIME_ZONE = 'Africa/Johannesburg';
/**
 * The earliest day a register, a view or an export may name. A date field typed digit by digit
 * passes through the years 0002, 0020 and 0202 on its way to 2026: those are slips, not days a
 * school kept a register.
 */
export const ATTENDANCE_EARLIEST_DATE = '2000-01-01';

export const ATTENDANCE_MESSAGES = {
  dateInvalid: 'Please enter the date as YYYY-MM-DD',
  dateFuture: 'A register cannot be marked for a future date',
  dateTooEarly: 'Please enter a date from 2000 onwards',
  monthInvalid: 'Please enter the month as YYYY-MM',
  monthTooEarly: 'Please enter a month from 2000 onwards',
  monthFuture: 'Please choose this month or an earlier one',
  rangeFuture: 'Please choose a period that starts today or earlier',
  statusRequired: 'Please choose present, absent, late or excused',
  reasonTooLong: `Please keep the reason under ${ATTENDANCE_REASON_MAX} characters`,
  marksRequired: 'The register has no learners to mark',
  learnerNotInClass: (id: string) => `Learner ${id} is not in this class`,
  duplicateLearner: (id: string) => `Learner ${id} is marked twice`,
  classNotFound: 'There is no such class in your school',
  notYourClass: 'Only the class teacher or a school administrator can mark this register',
  teacherNotFound: 'Please choose a teacher of your school',
  concurrentSave: 'Someone else saved this register at the same moment. Reload it and save again.',
  changedMeanwhile: (n: number) =>
    `${n === 1 ? 'One mark' : `${n} marks`} of this register changed after you opened it: someone else saved ${n === 1 ? 'it' : 'them'}. Reload the register, check and save again.`,
  saved: 'Register saved',
} as const;

// Built once: constructing an Intl.DateTimeFormat costs about 0.1 ms, formatting with one 1 µs.
const SCHOOL_DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: ATTENDANCE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The school's calendar day for `now` (YYYY-MM-DD). */
export function schoolToday(now: Date = new Date()): string {
  return SCHOOL_DAY_FORMAT.format(now);
}

export const ZAttendanceDate = z
  .string({ error: ATTENDANCE_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ATTENDANCE_MESSAGES.dateInvalid })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: ATTENDANCE_MESSAGES.dateInvalid,
    },
  )
  .refine((value) => value >= ATTENDANCE_EARLIEST_DATE, { error: ATTENDANCE_MESSAGES.dateTooEarly });

/**
 * What is wrong with `value` as a day to open a register on, or null: not a date, before
 * ATTENDANCE_EARLIEST_DATE, or after the school's `today`. The register page commits a typed date
 * only once this is null.
 */
export function attendanceDayProblem(value: string, today: string): string | null {
  const parsed = ZAttendanceDate.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? ATTENDANCE_MESSAGES.dateInvalid;
  return value > today ? ATTENDANCE_MESSAGES.dateFuture : null;
}

/** The reason a mark keeps: trimmed, and none beside Present (a reason goes with Absent, Late or Excused only). */
export function keptReason(status: TAttendanceStatus | null, reason: string): string {
  return status === 'present' ? '' : reason.trim();
}

/**
 * One learner's mark; a reason given with Present is dropped (keptReason). `was` is the mark the
 * register showed when it was read (status null: not marked): a save that would change a mark
 * someone else has saved since is refused whole (409), where without it the later save would
 * overwrite the other silently. A client that sends no `was` saves as the last writer.
 */
export const ZAttendanceMark = z
  .object({
    learnerId: z.uuid({ error: 'Please choose a learner of this class' }),
    status: z.enum(ATTENDANCE_STATUS_IDS, { error: ATTENDANCE_MESSAGES.statusRequired }),
    reason: z.string().trim().max(ATTENDANCE_REASON_MAX, { error: ATTENDANCE_MESSAGES.reasonTooLong }).default(''),
    was: z
      .object({
        status: z.enum(ATTENDANCE_STATUS_IDS, { error: ATTENDANCE_MESSAGES.statusRequired }).nullable(),
        reason: z.string().max(ATTENDANCE_REASON_MAX, { error: ATTENDANCE_MESSAGES.reasonTooLong }).default(''),
      })
      .optional(),
  })
  .transform((mark) => ({ ...mark, reason: keptReason(mark.status, mark.reason) }));

/** PUT body of a register: every mark for the class and date, saved in one transaction. */
export const ZAttendanceRegisterSave = z.object({
  marks: z.array(ZAttendanceMark).min(1, { error: ATTENDANCE_MESSAGES.marksRequired }).max(2000),
});
export type TAttendanceRegisterSaveInput = z.input<typeof ZAttendanceRegisterSave>;
export type TAttendanceRegisterSave = z.output<typeof ZAttendanceRegisterSave>;

export const ZAttendanceRange = z.object({ from: ZAttendanceDate.optional(), to: ZAttendanceDate.optional() });
export const ZAttendanceMonth = z.object({
  month: z
    .string({ error: ATTENDANCE_MESSAGES.monthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: ATTENDANCE_MESSAGES.monthInvalid })
    .refine((value) => value >= ATTENDANCE_EARLIEST_DATE.slice(0, 7), { error: ATTENDANCE_MESSAGES.monthTooEarly }),
});

/** What is wrong with `value` as a month to show, or null (attendanceDayProblem's counterpart). */
export function attendanceMonthProblem(value: string, today: string): string | null {
  const parsed = ZAttendanceMonth.safeParse({ month: value });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? ATTENDANCE_MESSAGES.monthInvalid;
  return value > today.slice(0, 7) ? ATTENDANCE_MESSAGES.monthFuture : null;
}

const ZGrade = z.enum(SCHOOL_GRADE_IDS);
const ZStatus = z.enum(ATTENDANCE_STATUS_IDS);

export const ZRegisterRow = z.object({
  learnerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string(),
  admissionNumber: z.string(),
  status: ZStatus.nullable(),
  reason: z.string(),
});
export type TRegisterRow = z.infer<typeof ZRegisterRow>;
export const ZRegister = z.object({
  classId: z.string(),
  className: z.string(),
  grade: ZGrade,
  date: z.string(),
  canMark: z.boolean(),
  markedAt: z.string().nullable(),
  rows: z.array(ZRegisterRow),
});
export type TRegister = z.infer<typeof ZRegister>;
/**
 * What saving a register answers: the marks sent, those saved for the first time, those changed (each
 * kept in the history), and the absence e-mails queued to guardians.
 */
export const ZRegisterSaveResult = z.object({
  saved: z.number(),
  created: z.number(),
  changed: z.number(),
  notified: z.number(),
});
export type TRegisterSaveResult = z.infer<typeof ZRegisterSaveResult>;
export const ZAttendanceClass = z.object({
  id: z.string(),
  name: z.string(),
  grade: ZGrade,
  learnerCount: z.number(),
  teacherId: z.string().nullable(),
  teacherName: z.string().nullable(),
  canMark: z.boolean(),
});
export type TAttendanceClass = z.infer<typeof ZAttendanceClass>;
export const ZTodayClass = ZAttendanceClass.extend({ marked: z.number(), complete: z.boolean() });
export type TTodayClass = z.infer<typeof ZTodayClass>;
/** "1 register has learners not marked yet": the registers kept that do not cover their whole class. */
export function partlyMarkedPhrase(incomplete: number): string {
  return `${countOf(incomplete, 'register')} ${incomplete === 1 ? 'has' : 'have'} learners not marked yet`;
}

/**
 * The attendance page's line about a school day's registers: "All 4 registers are marked." only when
 * every register with learners is kept and covers all of them; a register saved before a learner
 * joined the class is named as partly marked.
 */
export function registersMarkedSummary(registers: number, missing: number, incomplete: number): string {
  if (missing === 0 && incomplete === 0) return `All ${registers} registers are marked.`;
  if (incomplete === 0) return `${missing} of ${registers} registers not marked yet.`;
  if (missing === 0)
    return `${incomplete} of ${registers} registers ${incomplete === 1 ? 'has' : 'have'} learners not marked yet.`;
  return `${missing} of ${registers} registers not marked yet; ${partlyMarkedPhrase(incomplete)}.`;
}

/** Why no register is due on a day that is not a school day (TTodayOverview's `reason`). */
export const NO_REGISTERS_DUE = {
  weekend: 'No registers are due on a weekend.',
  holiday: 'No registers are due in the school holidays.',
} as const;

/**
 * The register of a day that is not a school day (a weekend, the holidays): it may be kept, on
 * purpose (docs/decisions/008-which-days-attendance-counts.md: a Saturday class), so the page says so before it is saved and asks to
 * confirm the save, that no teacher keeps a Sunday register by accident. `day` is the day as the
 * page writes it ("Sunday, 9 March 2025"), `weekday` its name ("Sunday").
 */
export const NOT_SCHOOL_DAY_REGISTER = {
  notice: (day: string, reason: 'weekend' | 'holiday') =>
    `${day} is not a school day: ${reason === 'weekend' ? 'it is a weekend' : 'it is in the school holidays'}. Keep a register only for a class that met that day. Absence e-mails still go to guardians.`,
  confirmTitle: (weekday: string) => `Save register for ${weekday}?`,
  confirm: (weekday: string) => `Save register for ${weekday}`,
  cancel: 'Cancel',
} as const;

/**
 * A day across the school: each class's marks, and the registers missing (with learners, no mark).
 * On a day that is not a school day (`reason`: a weekend, or outside the terms) no register is due,
 * so none is missing, though a register kept that day (a Saturday class) still shows as marked.
 */
export const ZTodayOverview = z.object({
  date: z.string(),
  classes: z.array(ZTodayClass),
  missing: z.number(),
  /**
   * Registers kept that day that do not cover every learner of the class that day (`complete`
   * false: a learner joined the class, or was restored to it, after the register was saved): not
   * fully marked, though not missing either. None on a day that is not a school day.
   */
  incomplete: z.number(),
  schoolDay: z.boolean(),
  reason: z.enum(['weekend', 'holiday']).nullable(),
});
export type TTodayOverview = z.infer<typeof ZTodayOverview>;
export const ZStatusCounts = z.object({
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  excused: z.number(),
}) satisfies z.ZodType<Record<TAttendanceStatus, number>>;
export type TStatusCounts = z.infer<typeof ZStatusCounts>;
export const ZClassMonth = z.object({
  classId: z.string(),
  className: z.string(),
  month: z.string(),
  days: z.array(z.string()),
  learners: z.array(
    z.object({ id: z.string(), name: z.string(), marks: z.record(z.string(), ZStatus), counts: ZStatusCounts }),
  ),
});
export type TClassMonth = z.infer<typeof ZClassMonth>;
export const ZGradeRate = z.object({
  grade: ZGrade,
  counts: ZStatusCounts,
  total: z.number(),
  rate: z.number().nullable(),
});
export type TGradeRate = z.infer<typeof ZGradeRate>;
/** GET /rates: the period the server counted (its end at most the school's today) and each grade's rate. */
export const ZGradeRates = z.object({ from: z.string(), to: z.string(), grades: z.array(ZGradeRate) });
export type TGradeRates = z.infer<typeof ZGradeRates>;

/**
 * An attendance rate as the page shows it, always to one decimal: 95 → '95.0%', 95.67 → '95.7%', so
 * that two rates side by side are written alike ('95%' beside '95.7%' read as differently exact).
 */
export function formatAttendanceRate(percent: number | null): string {
  return percent === null ? '–' : `${percent.toFixed(1)}%`;
}

/**
 * What the rates per grade counted, as the view says it: "Marks from 1 November 2026 to today,
 * 29 November 2026; present and late count as attending." `to` is the server's end of the period,
 * never after today (a month still running is counted up to today).
 */
export function gradeRatesPeriodText(from: string, to: string, today: string): string {
  const end = to === today ? `today, ${formatDate(to)}` : formatDate(to);
  return `Marks from ${formatDate(from)} to ${end}; present and late count as attending.`;
}
export const ZLearnerHistory = z.object({
  learnerId: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  counts: ZStatusCounts,
  records: z.array(z.object({ date: z.string(), status: ZStatus, reason: z.string(), className: z.string() })),
});
export type TLearnerHistory = z.infer<typeof ZLearnerHistory>;
export const ZChildAbsence = z.object({
  learnerId: z.string(),
  learnerName: z.string(),
  date: z.string(),
  status: z.literal('absent'),
  reason: z.string(),
  schoolName: z.string(),
});
export type TChildAbsence = z.infer<typeof ZChildAbsence>;

/**
 * The Reports page's attendance (view_reports). A learner is a chronic absentee when absent
 * (excused or not) on at least this share of the days marked in the period: the measure the
 * Department of Basic Education's attendance policy uses (10 % of school days).
 */
export const CHRONIC_ABSENCE_PERCENT = 10;
/** Fewer marked days than this say too little about a learner to call them chronically absent. */
export const CHRONIC_ABSENCE_MIN_DAYS = 5;
export const ZAttendanceReportQuery = ZAttendanceRange.extend({ grade: ZGrade.optional() });
export type TAttendanceReportQuery = z.infer<typeof ZAttendanceReportQuery>;
export const ZClassRate = z.object({
  classId: z.string(),
  className: z.string(),
  grade: ZGrade,
  learners: z.number(),
  counts: ZStatusCounts,
  total: z.number(),
  rate: z.number().nullable(),
});
export type TClassRate = z.infer<typeof ZClassRate>;
export const ZChronicAbsentee = z.object({
  learnerId: z.string(),
  name: z.string(),
  admissionNumber: z.string(),
  className: z.string(),
  grade: ZGrade,
  daysMarked: z.number(),
  daysAbsent: z.number(),
  /** Absent days over marked days, in percent to one decimal. */
  absenceRate: z.number(),
});
export type TChronicAbsentee = z.infer<typeof ZChronicAbsentee>;
/** The report's figures; the page lists at most ABSENTEES_SHOWN absentees, the CSV has them all. */
export const ABSENTEES_SHOWN = 200;
export const ZAttendanceReport = z.object({
  from: z.string(),
  to: z.string(),
  grades: z.array(ZGradeRate),
  classes: z.array(ZClassRate),
  absentees: z.array(ZChronicAbsentee),
  absenteesTotal: z.number(),
  thresholdPercent: z.number(),
});
export type TAttendanceReport = z.infer<typeof ZAttendanceReport>;
