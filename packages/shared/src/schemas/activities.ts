/**
 * Extramural activities (D25): sport, culture and clubs with a coach, a weekly schedule, the grades
 * they are open to, a capacity, a sign-up window and an optional fee (a finance fee item of kind
 * 'optional'). Learners and guardians sign up (a full activity keeps a waiting list in order); the
 * coach keeps attendance per session. Times are South African (UTC+2), dates 'YYYY-MM-DD', grades
 * 0 (Grade R) to 12, money in cents.
 */

import { z } from 'zod';
import { isIsoDate } from '../domain/sa-calendar.ts';

export const ACTIVITY_MESSAGES = {
  nameRequired: 'Name the activity, e.g. Rugby u/15',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  categoryRequired: 'Choose sport, culture or club',
  coachRequired: 'Choose the coach',
  coachNotStaff: 'The coach must be a staff member of the school',
  scheduleRequired: 'Give at least one day and time',
  dayRepeated: 'Each day may appear once',
  timeInvalid: 'Enter a time as HH:MM, e.g. 14:30',
  endsBeforeStart: 'The end time must be after the start time',
  gradesRequired: 'Choose at least one grade',
  capacityInvalid: 'Capacity must be a whole number from 1 to 500',
  activityExists: 'The school already has an activity with that name',
  activityNotFound: 'That activity does not exist',
  learnerNotFound: 'That learner is not one of yours',
  feeItemNotFound: 'Choose an optional fee item of this school',
  feeItemMissingForGrades: (item: string, grades: string) =>
    `Add the optional fee item “${item}” to the fee structure of ${grades} first (Finance, Fee structures)`,
  feeItemMissingForLearner: (item: string) =>
    `The school has not set this year’s “${item}” fee for the learner’s grade yet. Please contact the school.`,
  signUpClosed: 'Sign-up for this activity is closed',
  notForGrade: (grade: string) => `This activity is not open to ${grade}`,
  alreadySignedUp: 'The learner is already signed up for this activity',
  alreadyWaiting: 'The learner is already on the waiting list',
  notSignedUp: 'The learner is not signed up for this activity',
  activityInactive: 'This activity is not running',
  dateInvalid: 'Enter a date',
  notScheduled: 'The activity does not meet on that day',
  notYourActivity: 'Only the activity’s coach keeps its attendance',
  sessionCancelled: 'This session is cancelled',
  reasonRequired: 'Tell the families why the session is cancelled',
  alreadyCancelled: 'This session is already cancelled',
  notAMember: 'Mark only the activity’s members',
  tooFarAhead: 'Attendance can be kept on the day of the session or after it',
} as const;

const M = ACTIVITY_MESSAGES;

export const ACTIVITY_CATEGORIES = [
  { id: 'sport', label: 'Sport' },
  { id: 'culture', label: 'Culture' },
  { id: 'club', label: 'Club' },
] as const;
export type TActivityCategory = (typeof ACTIVITY_CATEGORIES)[number]['id'];
const CATEGORY_IDS = ACTIVITY_CATEGORIES.map((c) => c.id) as [TActivityCategory, ...TActivityCategory[]];
export const activityCategoryLabel = (id: string) => ACTIVITY_CATEGORIES.find((c) => c.id === id)?.label ?? 'Club';

export const ACTIVITY_WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
/** Day 1 Monday … 7 Sunday. */
export const weekdayName = (day: number) => ACTIVITY_WEEKDAYS[day - 1] ?? '';

export const ATTENDANCE_MARKS = [
  { id: 'present', label: 'Present' },
  { id: 'absent', label: 'Absent' },
  { id: 'excused', label: 'Excused' },
] as const;
export type TActivityMark = (typeof ATTENDANCE_MARKS)[number]['id'];
const MARK_IDS = ATTENDANCE_MARKS.map((m) => m.id) as [TActivityMark, ...TActivityMark[]];

export const MEMBERSHIP_STATUSES = [
  { id: 'member', label: 'Signed up' },
  { id: 'waiting', label: 'On the waiting list' },
  { id: 'withdrawn', label: 'Withdrawn' },
] as const;
export type TMembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]['id'];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTime = z.string({ error: M.timeInvalid }).regex(TIME, M.timeInvalid);
export const ZActivityDate = z.string({ error: M.dateInvalid }).refine(isIsoDate, M.dateInvalid);

export const ZScheduleSlot = z
  .object({ day: z.number().int().min(1).max(7), starts: ZTime, ends: ZTime })
  .refine((s) => s.ends > s.starts, { message: M.endsBeforeStart, path: ['ends'] });
export type TScheduleSlot = z.infer<typeof ZScheduleSlot>;

/** The school's activity form. */
export const ZActivityInput = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(2, M.nameRequired).max(80, M.tooLong(80)),
  category: z.enum(CATEGORY_IDS, { error: M.categoryRequired }),
  description: z.string().trim().max(1000, M.tooLong(1000)).default(''),
  coachUserId: z.string({ error: M.coachRequired }).trim().min(1, M.coachRequired).max(100),
  schedule: z
    .array(ZScheduleSlot)
    .min(1, M.scheduleRequired)
    .max(7)
    .refine((slots) => new Set(slots.map((s) => s.day)).size === slots.length, M.dayRepeated),
  venue: z.string().trim().max(120, M.tooLong(120)).default(''),
  grades: z
    .array(z.number().int().min(0).max(12))
    .min(1, M.gradesRequired)
    .max(13)
    .transform((grades) => [...new Set(grades)].sort((a, b) => a - b)),
  capacity: z
    .number({ error: M.capacityInvalid })
    .int(M.capacityInvalid)
    .min(1, M.capacityInvalid)
    .max(500, M.capacityInvalid),
  signUpOpen: z.boolean().default(true),
  feeItemId: z.uuid({ error: M.feeItemNotFound }).nullable().default(null),
  active: z.boolean().default(true),
});
export type TActivityInput = z.input<typeof ZActivityInput>;

export const ZActivityFee = z.object({
  itemName: z.string(),
  /** The year's amount of the linked item, and its instalment plan as finance shows it. */
  yearCents: z.number().int(),
  /** The amount a term (the year's amount over four terms). */
  termCents: z.number().int(),
  plan: z.string(),
});
export type TActivityFee = z.infer<typeof ZActivityFee>;

const ZActivityBase = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.enum(CATEGORY_IDS),
  categoryLabel: z.string(),
  description: z.string(),
  coach: z.object({ userId: z.string(), name: z.string() }).nullable(),
  schedule: z.array(ZScheduleSlot),
  venue: z.string(),
  grades: z.array(z.number().int()),
  capacity: z.number().int(),
  signUpOpen: z.boolean(),
  active: z.boolean(),
  fee: ZActivityFee.nullable(),
  memberCount: z.number().int(),
  waitingCount: z.number().int(),
});

/** An activity as the school manages it. */
export const ZActivity = ZActivityBase.extend({ feeItemId: z.uuid().nullable() });
export type TActivity = z.infer<typeof ZActivity>;

export const ZSchoolActivities = z.object({
  activities: z.array(ZActivity),
  /** Staff who may coach (every staff member of the school), coaches first. */
  coaches: z.array(z.object({ userId: z.string(), name: z.string(), roleLabel: z.string() })),
  /** Names offered for the venue: the school's timetable rooms and facilities (any other may be typed). */
  venues: z.array(z.string()),
  /** The school's optional fee items of this year, one per name, with the amount of the lowest grade. */
  feeItems: z.array(z.object({ id: z.uuid(), name: z.string(), yearCents: z.number().int(), plan: z.string() })),
});
export type TSchoolActivities = z.infer<typeof ZSchoolActivities>;

export const ZActivityMember = z.object({
  learnerId: z.uuid(),
  name: z.string(),
  grade: z.number().int(),
  admissionNumber: z.string(),
  status: z.enum(['member', 'waiting']),
  /** 1 for the first on the waiting list; null for members. */
  waitingPosition: z.number().int().nullable(),
  joinedAt: z.string(),
  attendance: z.object({
    present: z.number().int(),
    absent: z.number().int(),
    excused: z.number().int(),
  }),
});
export type TActivityMember = z.infer<typeof ZActivityMember>;

export const ZSessionSummary = z.object({
  date: z.string(),
  starts: z.string(),
  ends: z.string(),
  status: z.enum(['scheduled', 'held', 'cancelled']),
  cancelReason: z.string().nullable(),
  present: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;

export const ZActivityDetail = z.object({
  activity: ZActivity,
  members: z.array(ZActivityMember),
  waiting: z.array(ZActivityMember),
  /** The last eight weeks of sessions and the next two, newest first. */
  sessions: z.array(ZSessionSummary),
  /** Whether the caller keeps this activity's attendance (its coach). */
  canMarkAttendance: z.boolean(),
  canManage: z.boolean(),
});
export type TActivityDetail = z.infer<typeof ZActivityDetail>;

export const ZSessionRegister = z.object({
  activity: z.object({ id: z.uuid(), name: z.string(), venue: z.string() }),
  date: z.string(),
  starts: z.string(),
  ends: z.string(),
  status: z.enum(['scheduled', 'held', 'cancelled']),
  cancelReason: z.string().nullable(),
  members: z.array(
    z.object({
      learnerId: z.uuid(),
      name: z.string(),
      grade: z.number().int(),
      mark: z.enum(MARK_IDS).nullable(),
    }),
  ),
  canMarkAttendance: z.boolean(),
});
export type TSessionRegister = z.infer<typeof ZSessionRegister>;

export const ZTodaySessions = z.object({
  date: z.string(),
  sessions: z.array(
    z.object({
      activityId: z.uuid(),
      name: z.string(),
      venue: z.string(),
      starts: z.string(),
      ends: z.string(),
      status: z.enum(['scheduled', 'held', 'cancelled']),
      memberCount: z.number().int(),
      marked: z.number().int(),
    }),
  ),
});
export type TTodaySessions = z.infer<typeof ZTodaySessions>;

export const ZAttendanceInput = z.object({
  marks: z
    .array(z.object({ learnerId: z.uuid({ error: M.notAMember }), mark: z.enum(MARK_IDS) }))
    .min(1)
    .max(500),
});
export type TAttendanceInput = z.infer<typeof ZAttendanceInput>;

export const ZCancelSessionInput = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(3, M.reasonRequired).max(300, M.tooLong(300)),
});

/** What a learner or guardian sees: the activities open to each of their learners' grades. */
export const ZMyActivity = ZActivityBase.extend({
  status: z.enum(['member', 'waiting']).nullable(),
  waitingPosition: z.number().int().nullable(),
  canSignUp: z.boolean(),
});
export type TMyActivity = z.infer<typeof ZMyActivity>;

export const ZMyActivities = z.object({
  learners: z.array(
    z.object({
      learnerId: z.uuid(),
      name: z.string(),
      grade: z.number().int(),
      activities: z.array(ZMyActivity),
    }),
  ),
});
export type TMyActivities = z.infer<typeof ZMyActivities>;

export const ZSignUpInput = z.object({ learnerId: z.uuid({ error: M.learnerNotFound }) });

export const ZSignUpResult = z.object({
  status: z.enum(['member', 'waiting']),
  waitingPosition: z.number().int().nullable(),
  message: z.string(),
});
export type TSignUpResult = z.infer<typeof ZSignUpResult>;

/** "Mon 14:30–16:00, Wed 14:30–16:00". */
export function formatSchedule(schedule: readonly TScheduleSlot[]): string {
  return [...schedule]
    .sort((a, b) => a.day - b.day)
    .map((s) => `${weekdayName(s.day).slice(0, 3)} ${s.starts}–${s.ends}`)
    .join(', ');
}
