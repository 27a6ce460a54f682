/**
 * Learner accounts and the family dashboards: what a parent sees of each child and what a
 * learner with an account sees of themselves. Shared by the server routes and the web pages.
 */

import { z } from 'zod';
import { SCHOOL_GRADE_IDS } from '../constants/enumerations.ts';
import { ATTENDANCE_STATUS_IDS } from './attendance.ts';
import { ZLesson, ZPeriod } from './timetable.ts';

export const FAMILY_MESSAGES = {
  learnerEmailInvalid: 'Please enter the learner’s e-mail address',
  learnerArchived: 'An archived learner cannot be invited. Restore the learner first.',
  learnerHasAccount: 'This learner already has an account with another e-mail address. Revoke it first.',
  emailOtherAccount: 'This e-mail address already has a Sekolo account that is not a learner account of your school.',
  emailOtherLearner: 'This e-mail address is already the account of another learner.',
  noAccount: 'This learner has no account.',
  notLinked: 'Your school has not linked your account to a learner record yet.',
  noSuchChild: 'There is no such child linked to your account.',
} as const;

/** The admin's "Invite learner to sign in" form: the learner's own e-mail address. */
export const ZLearnerAccountInviteSchema = z.object({
  email: z
    .string({ error: FAMILY_MESSAGES.learnerEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, FAMILY_MESSAGES.learnerEmailInvalid)
    .pipe(z.email({ error: FAMILY_MESSAGES.learnerEmailInvalid })),
});
export type TLearnerAccountInviteInput = z.input<typeof ZLearnerAccountInviteSchema>;

/**
 * A learner's own sign-in: `invited` until they choose their password or sign in for the first
 * time, then `active`.
 */
export const ZLearnerAccount = z.object({ email: z.string(), status: z.enum(['invited', 'active']) });
export type TLearnerAccount = z.infer<typeof ZLearnerAccount>;

/** How many school days (weekdays within the school's terms) the attendance summary covers. */
export const ATTENDANCE_SUMMARY_SCHOOL_DAYS = 30;

export const ZAttendanceSummary = z.object({
  /**
   * The window (YYYY-MM-DD, the school's calendar): its first school day, and its last school day
   * or a later day with a mark (a register kept on a Saturday).
   */
  from: z.string(),
  to: z.string(),
  schoolDays: z.number(),
  /** Days in the window that are not school days but had a register kept (a Saturday class): counted too. */
  otherDays: z.number(),
  counts: z.record(z.enum(ATTENDANCE_STATUS_IDS), z.number()),
  /** (present + late) / marked days, or null when nothing was marked. */
  rate: z.number().nullable(),
  /** Absent and excused days in the window (other days too), newest first. */
  recentAbsences: z.array(z.object({ date: z.string(), status: z.enum(['absent', 'excused']), reason: z.string() })),
});
export type TAttendanceSummary = z.infer<typeof ZAttendanceSummary>;

/** One learner as their parent, or they themselves, see them on a dashboard. */
export const ZLearnerOverview = z.object({
  learner: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    preferredName: z.string(),
    grade: z.enum(SCHOOL_GRADE_IDS),
    schoolName: z.string(),
  }),
  registerClass: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The school's bell schedule and the class's lessons (Monday 1 … Friday 5); empty when none yet. */
  timetable: z.object({ periods: z.array(ZPeriod), lessons: z.array(ZLesson) }),
  attendance: ZAttendanceSummary,
  /** The school's calendar day the overview was made for (YYYY-MM-DD). */
  today: z.string(),
});
export type TLearnerOverview = z.infer<typeof ZLearnerOverview>;

/** One of the signed-in guardian's children on the parent dashboard, in any school. */
export const ZMyChild = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string(),
  grade: z.enum(SCHOOL_GRADE_IDS),
  registerClassName: z.string().nullable(),
  schoolName: z.string(),
  relation: z.string(),
});
export type TMyChild = z.infer<typeof ZMyChild>;
