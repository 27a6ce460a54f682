import { z } from 'zod';
import {
  ATTENDANCE_MESSAGES,
  ZAttendanceClass,
  ZAttendanceDate,
  ZAttendanceMonth,
  ZAttendanceRange,
  ZAttendanceRegisterSave,
  ZAttendanceReport,
  ZAttendanceReportQuery,
  ZChildAbsence,
  ZClassMonth,
  ZGradeRates,
  ZLearnerHistory,
  ZRegister,
  ZRegisterSaveResult,
  ZTodayOverview,
} from '../schemas/attendance.ts';
import { SCHOOL_MESSAGES } from '../schemas/school.ts';
import {
  TIMETABLE_MESSAGES,
  ZEligibleLearners,
  ZEligibleLearnersQuery,
  ZLesson,
  ZLessonSchema,
  ZPeriod,
  ZPeriodSchema,
  ZRoom,
  ZRoomSchema,
  ZSchoolYearTerms,
  ZSubjectClass,
  ZSubjectClassLearners,
  ZSubjectClassLearnersChange,
  ZSubjectClassLearnersSchema,
  ZSubjectClassSchema,
  ZSubjectClassUpdateSchema,
  ZTeachingToday,
  ZTermsSchema,
  ZTimetableSetup,
  ZTimetableView,
  ZTimetableViewQuery,
} from '../schemas/timetable.ts';
import { contract } from './contract.ts';

const ZClassParams = z.object({ classId: z.uuid({ error: ATTENDANCE_MESSAGES.classNotFound }) });
const ZRegisterParams = ZClassParams.extend({ date: ZAttendanceDate });
/** A day's view: the school's today when no date is given. */
const ZDayQuery = z.object({ date: ZAttendanceDate.optional() });

/** Who the admin may name class teacher: the school's teachers, coaches and administrators. */
export const ZClassTeacherCandidate = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type TClassTeacherCandidate = z.infer<typeof ZClassTeacherCandidate>;

/**
 * Attendance, prefix /api/school/attendance: the daily register of a register class, the views
 * over the marks, the export, and the parent dashboard's notice of absences.
 */
export const attendanceContracts = {
  classes: contract({
    method: 'GET',
    path: '/api/school/attendance/classes',
    response: z.object({ classes: z.array(ZAttendanceClass) }),
  }),
  classTeachers: contract({
    method: 'GET',
    path: '/api/school/attendance/class-teachers',
    response: z.object({ teachers: z.array(ZClassTeacherCandidate) }),
  }),
  /** Names (or clears, with null) the class teacher who marks a class's register. */
  setClassTeacher: contract({
    method: 'PUT',
    path: '/api/school/attendance/classes/:classId/teacher',
    params: ZClassParams,
    body: z.object({ userId: z.string().min(1).nullable() }),
    response: z.object({ classId: z.string(), teacherId: z.string().nullable() }),
  }),
  today: contract({
    method: 'GET',
    path: '/api/school/attendance/today',
    query: ZDayQuery,
    response: ZTodayOverview,
  }),
  register: contract({
    method: 'GET',
    path: '/api/school/attendance/classes/:classId/register/:date',
    params: ZRegisterParams,
    response: z.object({ register: ZRegister }),
  }),
  /** Every mark of the register; answers the counts only (the page reads the register again). */
  saveRegister: contract({
    method: 'PUT',
    path: '/api/school/attendance/classes/:classId/register/:date',
    params: ZRegisterParams,
    body: ZAttendanceRegisterSave,
    response: z.object({ result: ZRegisterSaveResult }),
  }),
  month: contract({
    method: 'GET',
    path: '/api/school/attendance/classes/:classId/month',
    params: ZClassParams,
    query: ZAttendanceMonth,
    response: z.object({ month: ZClassMonth }),
  }),
  learnerHistory: contract({
    method: 'GET',
    path: '/api/school/attendance/learners/:learnerId',
    params: z.object({ learnerId: z.uuid({ error: SCHOOL_MESSAGES.learnerNotFound }) }),
    query: ZAttendanceRange,
    response: z.object({ history: ZLearnerHistory }),
  }),
  rates: contract({
    method: 'GET',
    path: '/api/school/attendance/rates',
    query: ZAttendanceRange,
    response: ZGradeRates,
  }),
  /** The Reports page (view_reports): rates per grade and class, and the chronic absentees, of a period. */
  report: contract({
    method: 'GET',
    path: '/api/school/attendance/report',
    query: ZAttendanceReportQuery,
    response: ZAttendanceReport,
  }),
  /** The period's chronic absentees, every one of them, as CSV (view_reports; audited). */
  absenteesCsv: contract({
    method: 'GET',
    path: '/api/school/attendance/report/absentees.csv',
    query: ZAttendanceReportQuery,
    response: z.string(),
    answer: 'file',
  }),
  /** The report as a PDF to print or send to the governing body (view_reports; audited). */
  reportPdf: contract({
    method: 'GET',
    path: '/api/school/attendance/report.pdf',
    query: ZAttendanceReportQuery,
    response: z.string(),
    answer: 'file',
  }),
  /** A CSV file of the marks of a period, of one class or all. */
  export: contract({
    method: 'GET',
    path: '/api/school/attendance/export.csv',
    query: ZAttendanceRange.extend({ classId: z.uuid().optional() }),
    response: z.string(),
    answer: 'file',
  }),
  myChildrenAbsences: contract({
    method: 'GET',
    path: '/api/school/attendance/my-children/absences',
    response: z.object({ absences: z.array(ZChildAbsence) }),
  }),
};

const ZIdParams = z.object({ id: z.uuid({ error: TIMETABLE_MESSAGES.notFound }) });
const ZDeleted = z.object({ deleted: z.literal(true) });

/**
 * GET /setup: everything the editor and the pickers need, or for a parent only their children's
 * register classes (`setup` null).
 */
export const ZTimetableSetupAnswer = z.union([
  z.object({ setup: ZTimetableSetup, classes: z.undefined().optional() }),
  z.object({ setup: z.null(), classes: z.array(z.object({ id: z.string(), name: z.string() })) }),
]);
export type TTimetableSetupAnswer = z.infer<typeof ZTimetableSetupAnswer>;

/**
 * The timetable, prefix /api/school/timetable: the bell schedule, rooms, subject classes and their
 * learners, lessons, term dates, the views and the teacher's day.
 */
export const timetableContracts = {
  setup: contract({ method: 'GET', path: '/api/school/timetable/setup', response: ZTimetableSetupAnswer }),
  view: contract({
    method: 'GET',
    path: '/api/school/timetable/view',
    query: ZTimetableViewQuery,
    response: z.object({ timetable: ZTimetableView }),
  }),
  /** The teacher dashboard: the caller's own lessons of the day and the registers they mark. */
  teachingToday: contract({
    method: 'GET',
    path: '/api/school/timetable/teaching-today',
    query: ZDayQuery,
    response: z.object({ today: ZTeachingToday }),
  }),
  terms: contract({
    method: 'GET',
    path: '/api/school/timetable/terms',
    query: z.object({ year: z.coerce.number<number>().int().min(2020).max(2100) }),
    response: z.object({ calendar: ZSchoolYearTerms }),
  }),
  saveTerms: contract({
    method: 'PUT',
    path: '/api/school/timetable/terms',
    body: ZTermsSchema,
    response: z.object({ calendar: ZSchoolYearTerms }),
  }),
  createPeriod: contract({
    method: 'POST',
    path: '/api/school/timetable/periods',
    body: ZPeriodSchema,
    status: 201,
    response: z.object({ period: ZPeriod }),
  }),
  /** A period with lessons is removed only when the request confirms it (`withLessons: '1'`). */
  deletePeriod: contract({
    method: 'DELETE',
    path: '/api/school/timetable/periods/:id',
    params: ZIdParams,
    query: z.object({ withLessons: z.enum(['0', '1']).optional() }),
    response: ZDeleted.extend({ lessons: z.number() }),
  }),
  createRoom: contract({
    method: 'POST',
    path: '/api/school/timetable/rooms',
    body: ZRoomSchema,
    status: 201,
    response: z.object({ room: ZRoom }),
  }),
  deleteRoom: contract({
    method: 'DELETE',
    path: '/api/school/timetable/rooms/:id',
    params: ZIdParams,
    response: ZDeleted,
  }),
  createSubjectClass: contract({
    method: 'POST',
    path: '/api/school/timetable/subject-classes',
    body: ZSubjectClassSchema,
    status: 201,
    response: z.object({ subjectClass: ZSubjectClass }),
  }),
  /** Another teacher or group name; refused when the teacher already teaches at one of its lessons. */
  updateSubjectClass: contract({
    method: 'PUT',
    path: '/api/school/timetable/subject-classes/:id',
    params: ZIdParams,
    body: ZSubjectClassUpdateSchema,
    response: z.object({ subjectClass: ZSubjectClass }),
  }),
  deleteSubjectClass: contract({
    method: 'DELETE',
    path: '/api/school/timetable/subject-classes/:id',
    params: ZIdParams,
    response: ZDeleted,
  }),
  eligibleLearners: contract({
    method: 'GET',
    path: '/api/school/timetable/eligible-learners',
    query: ZEligibleLearnersQuery,
    response: z.object({ eligible: ZEligibleLearners }),
  }),
  subjectClassLearners: contract({
    method: 'GET',
    path: '/api/school/timetable/subject-classes/:id/learners',
    params: ZIdParams,
    response: ZSubjectClassLearners,
  }),
  /** The chosen subject class holds exactly these learners. */
  setSubjectClassLearners: contract({
    method: 'PUT',
    path: '/api/school/timetable/subject-classes/:id/learners',
    params: ZIdParams,
    body: ZSubjectClassLearnersSchema,
    response: ZSubjectClassLearnersChange,
  }),
  /** Adds learners to the chosen subject class (those already in it stay, once). */
  addSubjectClassLearners: contract({
    method: 'POST',
    path: '/api/school/timetable/subject-classes/:id/learners',
    params: ZIdParams,
    body: ZSubjectClassLearnersSchema,
    response: ZSubjectClassLearnersChange,
  }),
  removeSubjectClassLearner: contract({
    method: 'DELETE',
    path: '/api/school/timetable/subject-classes/:id/learners/:learnerId',
    params: ZIdParams.extend({ learnerId: z.uuid({ error: TIMETABLE_MESSAGES.noSuchLearner }) }),
    response: z.object({ removed: z.boolean() }),
  }),
  createLesson: contract({
    method: 'POST',
    path: '/api/school/timetable/lessons',
    body: ZLessonSchema,
    status: 201,
    response: z.object({ lesson: ZLesson }),
  }),
  deleteLesson: contract({
    method: 'DELETE',
    path: '/api/school/timetable/lessons/:id',
    params: ZIdParams,
    response: ZDeleted,
  }),
};

/** The academic side of a school: attendance and the timetable. */
export const academicsContracts = { attendance: attendanceContracts, timetable: timetableContracts };
