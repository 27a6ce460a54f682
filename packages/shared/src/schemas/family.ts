/**
 * Learner accounts and the family dashboards (issue 6): what a parent sees of each child and what a
 * learner with an account sees of themselves. Shared by the server routes and the web pages.
 */

import { z } from 'zod';
import type { TSchoolGrade } from '../constants/enumerations.ts';
import type { TAttendanceStatus, TStatusCounts } from './attendance.ts';
import type { TLesson, TPeriod } from './timetable.ts';

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
export type TLearnerAccount = { email: string; status: 'invited' | 'active' };

/** How many school days (weekdays within the school's terms) the attendance summary covers. */
export const ATTENDANCE_SUMMARY_SCHOOL_DAYS = 30;

export type TAttendanceSummary = {
  /**
   * The window (YYYY-MM-DD, the school's calendar): its first school day, and its last school day
   * or a later day with a mark (a register kept on a Saturday).
   */
  from: string;
  to: string;
  schoolDays: number;
  /** Days in the window that are not school days but had a register kept (a Saturday class): counted too. */
  otherDays: number;
  counts: TStatusCounts;
  /** (present + late) / marked days, or null when nothing was marked. */
  rate: number | null;
  /** Absent and excused days in the window (other days too), newest first. */
  recentAbsences: { date: string; status: Extract<TAttendanceStatus, 'absent' | 'excused'>; reason: string }[];
};

/** One learner as their parent, or they themselves, see them on a dashboard. */
export type TLearnerOverview = {
  learner: {
    id: string;
    firstName: string;
    lastName: string;
    preferredName: string;
    grade: TSchoolGrade;
    schoolName: string;
  };
  registerClass: { id: string; name: string } | null;
  /** The school's bell schedule and the class's lessons (Monday 1 … Friday 5); empty when none yet. */
  timetable: { periods: TPeriod[]; lessons: TLesson[] };
  attendance: TAttendanceSummary;
  /** The school's calendar day the overview was made for (YYYY-MM-DD). */
  today: string;
};
