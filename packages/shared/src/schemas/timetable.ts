/**
 * The timetable (issue 6): bell schedule, rooms, subject classes and lessons. Shared by the forms
 * and the server routes (apps/server/src/modules/timetable).
 */

import { z } from 'zod';
import { CAPS_SUBJECT_IDS } from '../constants/caps-subjects.ts';

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
  subjectClassTaken: 'This class already has this subject.',
  subjectClass: 'Choose a subject class.',
  period: 'Choose a period.',
  day: 'Choose a day.',
  breakPeriod: 'Lessons cannot be placed in a break.',
  notFound: 'There is no such item in your school’s timetable.',
  termDates: 'Each term must end after it starts, and terms must follow each other.',
} as const;

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

export const ZRoomSchema = z.object({
  name: z.string().trim().min(1, { error: TIMETABLE_MESSAGES.roomName }).max(60),
});
export type TRoomInput = z.infer<typeof ZRoomSchema>;

export const ZSubjectClassSchema = z.object({
  subject: z.enum(CAPS_SUBJECT_IDS, { error: TIMETABLE_MESSAGES.subject }),
  teacherId: z.string().min(1, { error: TIMETABLE_MESSAGES.teacher }).max(100),
  registerClassId: z.uuid({ error: TIMETABLE_MESSAGES.registerClass }),
});
export type TSubjectClassInput = z.infer<typeof ZSubjectClassSchema>;

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

export type TPeriod = { id: string; name: string; startsAt: string; endsAt: string; isBreak: boolean };
export type TRoom = { id: string; name: string };
export type TSubjectClass = {
  id: string;
  subject: string;
  subjectLabel: string;
  teacherId: string;
  teacherName: string;
  registerClassId: string;
  registerClassName: string;
};
export type TLesson = {
  id: string;
  day: number;
  periodId: string;
  subjectClassId: string;
  subjectLabel: string;
  teacherId: string;
  teacherName: string;
  registerClassId: string;
  registerClassName: string;
  roomId: string | null;
  roomName: string | null;
};
export type TTimetableView = {
  kind: TTimetableViewKind;
  id: string;
  title: string;
  periods: TPeriod[];
  lessons: TLesson[];
};
export type TTimetableSetup = {
  periods: TPeriod[];
  rooms: TRoom[];
  subjectClasses: TSubjectClass[];
  teachers: { id: string; name: string }[];
  classes: { id: string; name: string; grade: string }[];
  canEdit: boolean;
};

/** A teacher's lesson on one day (GET /api/school/timetable/teaching-today), in period order. */
export type TTeachingLesson = {
  id: string;
  periodName: string;
  startsAt: string;
  endsAt: string;
  subjectLabel: string;
  registerClassId: string;
  registerClassName: string;
  roomName: string | null;
};
/** A register class the teacher is class teacher of, with that day's register: marked when every learner is. */
export type TTeachingRegister = {
  classId: string;
  className: string;
  learnerCount: number;
  marked: number;
  absent: number;
  complete: boolean;
};
/**
 * The teacher dashboard's day: `schoolDay` is false on a weekend or outside the school's terms
 * (then there are no lessons); the registers are listed every day, as the register may be marked.
 */
export type TTeachingToday = {
  date: string;
  dayLabel: string;
  schoolDay: boolean;
  reason: 'weekend' | 'holiday' | null;
  lessons: TTeachingLesson[];
  registers: TTeachingRegister[];
};
