/**
 * The timetable: bell schedule, rooms, subject classes and lessons. Shared by the forms
 * and the server routes (apps/server/src/modules/timetable).
 */

import { z } from 'zod';
import { CAPS_SUBJECT_IDS } from '../constants/caps-subjects.ts';
import { countOf } from '../domain/count.ts';

export const SCHOOL_DAYS = [
  { id: 1, label: 'Monday' },
  { id: 2, label: 'Tuesday' },
  { id: 3, label: 'Wednesday' },
  { id: 4, label: 'Thursday' },
  { id: 5, label: 'Friday' },
] as const;
export function dayLabel(day: number): string {
  return SCHOOL_DAYS.find((d) => d.id === day)?.label ?? `Day ${day}`;
}

export const TIMETABLE_MESSAGES = {
  periodName: 'Enter the period’s name, e.g. Period 1.',
  time: 'Enter a time as HH:MM, e.g. 07:45.',
  endAfterStart: 'The period must end after it starts.',
  periodNameTaken: 'The bell schedule already has a period with this name.',
  roomName: 'Enter the room’s name.',
  roomNameTaken: 'The school already has a room with this name.',
  subject: 'Choose a subject.',
  teacher: 'Choose a teacher.',
  registerClass: 'Choose a class.',
  subjectClassTaken: 'This class already has this subject. Give each group of a subject its own group name.',
  subjectClass: 'Choose a subject class.',
  period: 'Choose a period.',
  day: 'Choose a day.',
  breakPeriod: 'Lessons cannot be placed in a break.',
  notFound: 'There is no such item in your school’s timetable.',
  termDates: 'Each term must end after it starts, and terms must follow each other.',
  membership: 'Choose who takes this subject class: the whole class or chosen learners.',
  groupName: 'Keep the group’s name to 40 characters.',
  learnersOnlyWhenChosen: 'Learners are picked only for a subject class of chosen learners.',
  tooManyLearners: 'A subject class holds at most 1000 learners.',
  learner: 'Choose a learner.',
  noSuchLearner: 'There is no such learner in your school.',
  notChosen: 'This subject class takes the whole class. Its learners are the learners of the class.',
} as const;

/**
 * The lessons a period holds, as the question before removing it and the server's refusal name
 * them: "lesson in 9A", "2 lessons in 9A", "7 lessons in 3 classes (8A, 8B and 9A)".
 */
export function periodLessonsPhrase(lessons: number, classNames: readonly string[]): string {
  const what = lessons === 1 ? 'lesson' : `${lessons} lessons`;
  if (classNames.length === 0) return what;
  const shown = classNames.length > 4 ? [...classNames.slice(0, 3), `${classNames.length - 3} more`] : classNames;
  const list = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
  return classNames.length === 1 ? `${what} in ${list}` : `${what} in ${classNames.length} classes (${list})`;
}
/** The question before removing a period: "Remove Period 6? Its 2 lessons in 9A will be deleted too." */
export function removePeriodQuestion(name: string, lessons: number, classNames: readonly string[]): string {
  if (lessons === 0) return `Remove ${name}?`;
  return `Remove ${name}? Its ${periodLessonsPhrase(lessons, classNames)} will be deleted too.`;
}
/** The server's refusal to remove a period with lessons unless the request confirms it (`?withLessons=1`). */
export function periodHasLessonsMessage(name: string, lessons: number, classNames: readonly string[]): string {
  return `${name} still has ${lessons === 1 ? 'a ' : ''}${periodLessonsPhrase(lessons, classNames)}. Removing it deletes ${lessons === 1 ? 'that lesson' : 'them'} too: confirm to remove it with its lessons.`;
}

/**
 * The question before removing a subject class (its lessons go with it, and a group's list of
 * chosen learners): "Remove 10A Mathematics? Its 4 lessons will be deleted too."
 */
export function removeSubjectClassQuestion(title: string, lessons: number, chosenLearners: number | null): string {
  const parts = [
    lessons > 0 ? `its ${lessons === 1 ? 'lesson' : countOf(lessons, 'lesson')}` : null,
    chosenLearners ? `its list of ${countOf(chosenLearners, 'chosen learner')}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return `Remove ${title}? It has no lessons yet.`;
  const what = parts.join(' and ');
  return `Remove ${title}? ${what[0]!.toUpperCase()}${what.slice(1)} will be deleted too.`;
}
/** The question before removing a room: its lessons stay, without a room. "Remove Science Lab? Its 3 lessons stay, without a room." */
export function removeRoomQuestion(name: string, lessons: number): string {
  if (lessons === 0) return `Remove ${name}? No lesson uses it.`;
  return `Remove ${name}? ${lessons === 1 ? 'Its lesson stays' : `Its ${countOf(lessons, 'lesson')} stay`}, without a room.`;
}

/** The most learners one subject class of chosen learners holds (and one request sets). */
export const MAX_SUBJECT_CLASS_LEARNERS = 1000;

/** Who takes a subject class: every learner of its register class, or the learners chosen for it. */
export const SUBJECT_CLASS_MEMBERSHIPS = ['register_class', 'chosen'] as const;
export type TSubjectClassMembership = (typeof SUBJECT_CLASS_MEMBERSHIPS)[number];
export const SUBJECT_CLASS_MEMBERSHIP_LABELS: Record<TSubjectClassMembership, string> = {
  register_class: 'Whole class',
  chosen: 'Chosen learners',
};

/** A subject class's learners messages that name the learner. */
export const learnerNotInGradeMessage = (name: string, learnerGrade: string, grade: string) =>
  `${name} is in ${learnerGrade}, not ${grade}: only learners of ${grade} can join this subject class.`;
export const learnerArchivedMessage = (name: string) =>
  `${name} has been archived (has left the school) and cannot join a subject class.`;

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIMETABLE_MESSAGES.time });

export const ZPeriodSchema = z
  .object({
    name: z.string().trim().min(1, { error: TIMETABLE_MESSAGES.periodName }).max(40),
    startsAt: ZTime,
    endsAt: ZTime,
    isBreak: z.boolean(),
  })
  .refine((v) => v.endsAt > v.startsAt, { error: TIMETABLE_MESSAGES.endAfterStart, path: ['endsAt'] });
export type TPeriodInput = z.infer<typeof ZPeriodSchema>;

/** A period as far as its times go: a lesson period or a break. */
export type TPeriodTimes = { name: string; startsAt: string; endsAt: string };

/** "Period 6 (11:30–12:30) overlaps Period 5 (11:15–12:00)." */
export const periodOverlapMessage = (period: TPeriodTimes, other: TPeriodTimes) =>
  `${period.name} (${period.startsAt}–${period.endsAt}) overlaps ${other.name} (${other.startsAt}–${other.endsAt}).`;

/**
 * The earliest of `others` whose time overlaps `period`'s, or undefined. Clash detection works per
 * period, so two periods that share minutes would let a teacher be booked twice at once; breaks
 * count too. Periods that only touch (one ends 08:30, the next starts 08:30) do not overlap.
 * Times are zero-padded 'HH:MM', so they compare as strings.
 */
export function overlappingPeriod<T extends TPeriodTimes>(period: TPeriodTimes, others: readonly T[]): T | undefined {
  return others
    .filter((other) => other.startsAt < period.endsAt && period.startsAt < other.endsAt)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.name.localeCompare(b.name))[0];
}

export const ZRoomSchema = z.object({
  name: z.string().trim().min(1, { error: TIMETABLE_MESSAGES.roomName }).max(60),
});
export type TRoomInput = z.infer<typeof ZRoomSchema>;

const ZLearnerIds = z
  .array(z.uuid({ error: TIMETABLE_MESSAGES.learner }))
  .max(MAX_SUBJECT_CLASS_LEARNERS, { error: TIMETABLE_MESSAGES.tooManyLearners });

const ZTeacherId = z.string().min(1, { error: TIMETABLE_MESSAGES.teacher }).max(100);
const ZGroupName = z.string().trim().max(40, { error: TIMETABLE_MESSAGES.groupName }).default('');

/**
 * A new subject class. `membership` defaults to the whole register class; for 'chosen' the
 * initial learners may come with it (learners of the register class's grade). `groupName` tells
 * two groups of one subject in one class apart ("Group A"); blank is none.
 */
export const ZSubjectClassSchema = z
  .object({
    subject: z.enum(CAPS_SUBJECT_IDS, { error: TIMETABLE_MESSAGES.subject }),
    teacherId: ZTeacherId,
    registerClassId: z.uuid({ error: TIMETABLE_MESSAGES.registerClass }),
    membership: z.enum(SUBJECT_CLASS_MEMBERSHIPS, { error: TIMETABLE_MESSAGES.membership }).default('register_class'),
    groupName: ZGroupName,
    learnerIds: ZLearnerIds.default([]),
  })
  .refine((v) => v.membership === 'chosen' || v.learnerIds.length === 0, {
    error: TIMETABLE_MESSAGES.learnersOnlyWhenChosen,
    path: ['learnerIds'],
  });
/** What the form holds (defaults not yet applied). */
export type TSubjectClassFormValues = z.input<typeof ZSubjectClassSchema>;
export type TSubjectClassInput = z.output<typeof ZSubjectClassSchema>;

/**
 * PUT /subject-classes/:id: the admin hands a subject class to another teacher (one who may teach,
 * canTeachSubjects) or renames its group. Its class, subject and membership stay: its lessons and
 * learners are made of them.
 */
export const ZSubjectClassUpdateSchema = z.object({ teacherId: ZTeacherId, groupName: ZGroupName });
export type TSubjectClassUpdateValues = z.input<typeof ZSubjectClassUpdateSchema>;
export type TSubjectClassUpdateInput = z.output<typeof ZSubjectClassUpdateSchema>;

/**
 * The link to a subject class's edit in the timetable setup (`?edit=<id>` opens it, scrolled to and
 * focused): the staff screen leads the admin there to hand a leaving teacher's classes over.
 */
export const subjectClassEditPath = (id: string) => `/dashboard/school/timetable?edit=${encodeURIComponent(id)}`;

/** The school roles that teach subject classes (the teacher picker of the timetable). */
export const TEACHING_ROLES: readonly string[] = ['teacher'];
/** Whether a school role may teach a subject class: the rule the timetable's teacher pickers and a role change's warning share. */
export function canTeachSubjects(role: string): boolean {
  return TEACHING_ROLES.includes(role);
}

/** PUT (the whole list) and POST (added to it) /subject-classes/:id/learners. */
export const ZSubjectClassLearnersSchema = z.object({ learnerIds: ZLearnerIds });
export type TSubjectClassLearnersInput = z.infer<typeof ZSubjectClassLearnersSchema>;

/** GET /eligible-learners: active learners of the register class's grade, by name, a page at a time. */
export const ZEligibleLearnersQuery = z.object({
  registerClassId: z.uuid({ error: TIMETABLE_MESSAGES.registerClass }),
  search: z.string().trim().max(100).default(''),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type TEligibleLearnersQuery = z.input<typeof ZEligibleLearnersQuery>;

export const ZLessonSchema = z.object({
  subjectClassId: z.uuid({ error: TIMETABLE_MESSAGES.subjectClass }),
  day: z.number({ error: TIMETABLE_MESSAGES.day }).int().min(1, { error: TIMETABLE_MESSAGES.day }).max(5, {
    error: TIMETABLE_MESSAGES.day,
  }),
  periodId: z.uuid({ error: TIMETABLE_MESSAGES.period }),
  roomId: z.uuid().nullable(),
});
export type TLessonInput = z.infer<typeof ZLessonSchema>;

const ZIsoDate = z.iso.date({ error: 'Enter a date.' });
export const ZTermsSchema = z
  .object({
    year: z.number().int().min(2020).max(2100),
    terms: z.array(z.object({ term: z.number().int().min(1).max(4), startsOn: ZIsoDate, endsOn: ZIsoDate })).length(4),
  })
  .refine(
    (v) =>
      v.terms.every(
        (t, i) => t.term === i + 1 && t.endsOn > t.startsOn && (i === 0 || t.startsOn > v.terms[i - 1]!.endsOn),
      ) && v.terms.every((t) => t.startsOn.startsWith(String(v.year)) && t.endsOn.startsWith(String(v.year))),
    { error: TIMETABLE_MESSAGES.termDates, path: ['terms'] },
  );
export type TTermsInput = z.infer<typeof ZTermsSchema>;

export const TIMETABLE_VIEW_KINDS = ['class', 'teacher', 'room'] as const;
export type TTimetableViewKind = (typeof TIMETABLE_VIEW_KINDS)[number];
export const ZTimetableViewQuery = z.object({
  kind: z.enum(TIMETABLE_VIEW_KINDS),
  id: z.string().min(1).max(100),
});

export const ZPeriod = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  isBreak: z.boolean(),
});
export type TPeriod = z.infer<typeof ZPeriod>;
/** A period as the editor lists it: with the lessons removing it would delete, and their classes by name. */
export const ZSetupPeriod = ZPeriod.extend({ lessons: z.number(), lessonClasses: z.array(z.string()) });
export type TSetupPeriod = z.infer<typeof ZSetupPeriod>;
export const ZRoom = z.object({ id: z.string(), name: z.string() });
export type TRoom = z.infer<typeof ZRoom>;
/** A room as the editor lists it: with its lessons, which keep no room when it is removed. */
export const ZSetupRoom = ZRoom.extend({ lessons: z.number() });
export type TSetupRoom = z.infer<typeof ZSetupRoom>;
export const ZSubjectClass = z.object({
  id: z.string(),
  subject: z.string(),
  subjectLabel: z.string(),
  teacherId: z.string(),
  teacherName: z.string(),
  registerClassId: z.string(),
  registerClassName: z.string(),
  membership: z.enum(SUBJECT_CLASS_MEMBERSHIPS),
  /** The group's label, or null. */
  groupName: z.string().nullable(),
  /** Learners in it: the register class's active learners, or the chosen ones. */
  learnerCount: z.number(),
  /** Its lessons in the week: removing it deletes them. */
  lessons: z.number(),
});
export type TSubjectClass = z.infer<typeof ZSubjectClass>;
/** "10A Physical Sciences" or, for a group, "10A Physical Sciences (Group A)". */
/** A lesson's subject as people read it: "Physical Sciences", or "Mathematics (Group A)" for a group. */
export function subjectWithGroup(s: { subjectLabel: string; groupName?: string | null }): string {
  return `${s.subjectLabel}${s.groupName ? ` (${s.groupName})` : ''}`;
}

export function subjectClassTitle(s: { registerClassName: string; subjectLabel: string; groupName?: string | null }) {
  return `${s.registerClassName} ${subjectWithGroup(s)}`;
}
/** A learner as the subject class's list and the picker show them. */
export const ZSubjectClassLearner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string(),
  admissionNumber: z.string(),
  registerClassId: z.string().nullable(),
  registerClassName: z.string().nullable(),
});
export type TSubjectClassLearner = z.infer<typeof ZSubjectClassLearner>;
/** GET /subject-classes/:id/learners. */
export const ZSubjectClassLearners = z.object({ subjectClass: ZSubjectClass, learners: z.array(ZSubjectClassLearner) });
export type TSubjectClassLearners = z.infer<typeof ZSubjectClassLearners>;
/** PUT and POST /subject-classes/:id/learners: the class's learners after the change, and what changed. */
export const ZSubjectClassLearnersChange = ZSubjectClassLearners.extend({ added: z.number(), removed: z.number() });
export type TSubjectClassLearnersChange = z.infer<typeof ZSubjectClassLearnersChange>;
/** GET /eligible-learners: one page of the grade's learners matching the search. */
export const ZEligibleLearners = z.object({
  grade: z.string(),
  total: z.number(),
  offset: z.number(),
  learners: z.array(ZSubjectClassLearner),
});
export type TEligibleLearners = z.infer<typeof ZEligibleLearners>;
export const ZLesson = z.object({
  id: z.string(),
  day: z.number(),
  periodId: z.string(),
  subjectClassId: z.string(),
  subjectLabel: z.string(),
  /** The subject class's group label (chosen learners or a split class), or null. */
  groupName: z.string().nullable(),
  /** Whether the lesson takes the whole register class (not a group of chosen learners). */
  wholeClass: z.boolean(),
  teacherId: z.string(),
  teacherName: z.string(),
  registerClassId: z.string(),
  registerClassName: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
});
export type TLesson = z.infer<typeof ZLesson>;
export const ZTimetableView = z.object({
  kind: z.enum(TIMETABLE_VIEW_KINDS),
  id: z.string(),
  title: z.string(),
  periods: z.array(ZPeriod),
  lessons: z.array(ZLesson),
});
export type TTimetableView = z.infer<typeof ZTimetableView>;
export const ZTimetableSetup = z.object({
  periods: z.array(ZSetupPeriod),
  rooms: z.array(ZSetupRoom),
  subjectClasses: z.array(ZSubjectClass),
  teachers: z.array(z.object({ id: z.string(), name: z.string() })),
  classes: z.array(z.object({ id: z.string(), name: z.string(), grade: z.string() })),
  canEdit: z.boolean(),
});
export type TTimetableSetup = z.infer<typeof ZTimetableSetup>;

/**
 * A school year's term dates: the school's own (`source` 'school'), else the SA calendar's
 * ('default', `provisional` until gazetted), or none known ('none', no terms).
 */
export const ZSchoolYearTerms = z.object({
  year: z.number(),
  provisional: z.boolean(),
  source: z.enum(['school', 'default', 'none']),
  terms: z.array(z.object({ term: z.number(), startsOn: z.string(), endsOn: z.string() })),
});
export type TSchoolYearTerms = z.infer<typeof ZSchoolYearTerms>;

/** A teacher's lesson on one day (GET /api/school/timetable/teaching-today), in period order. */
export const ZTeachingLesson = z.object({
  id: z.string(),
  periodName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  subjectLabel: z.string(),
  groupName: z.string().nullable(),
  registerClassId: z.string(),
  registerClassName: z.string(),
  roomName: z.string().nullable(),
});
export type TTeachingLesson = z.infer<typeof ZTeachingLesson>;
/** A register class the teacher is class teacher of, with that day's register: marked when every learner is. */
export const ZTeachingRegister = z.object({
  classId: z.string(),
  className: z.string(),
  learnerCount: z.number(),
  marked: z.number(),
  absent: z.number(),
  complete: z.boolean(),
});
export type TTeachingRegister = z.infer<typeof ZTeachingRegister>;
/**
 * The teacher dashboard's day: `schoolDay` is false on a weekend or outside the school's terms
 * (then there are no lessons); the registers are listed every day, as the register may be marked.
 */
export const ZTeachingToday = z.object({
  date: z.string(),
  dayLabel: z.string(),
  schoolDay: z.boolean(),
  reason: z.enum(['weekend', 'holiday']).nullable(),
  lessons: z.array(ZTeachingLesson),
  registers: z.array(ZTeachingRegister),
});
export type TTeachingToday = z.infer<typeof ZTeachingToday>;
