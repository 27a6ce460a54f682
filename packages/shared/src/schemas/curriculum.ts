import { z } from 'zod';
import { addDays } from '../domain/sa-calendar.ts';
import { ZAttendanceDate } from './attendance.ts';
import { ZCapsSubject, ZGradeNumber, ZTerm, ZYear } from './assessment.ts';

/**
 * The curriculum's annual teaching plan (topics per term and week, per subject and grade) and what
 * each subject class has taught of it. Edited by the school (manage_curriculum); teachers record
 * what they taught in their own subject classes; the head of department reads coverage.
 */
export const CURRICULUM_MESSAGES = {
  notFound: 'There is no such topic or subject class in your school’s curriculum.',
  notYourClass: 'You can only record what was taught in the subject classes you teach.',
  topic: 'Enter the topic, up to 200 characters.',
  week: 'Enter a week of the term from 1 to 15.',
  tooManyTopics: 'A plan holds at most 200 topics.',
  duplicateSlot: 'Two topics share the same term, week and place. Give each its own.',
  note: 'Keep the note to 500 characters.',
  taughtInFuture: 'The day taught cannot be after today.',
  planned: 'Plan saved.',
} as const;

/** The most weeks a term has (South African terms run 9 to 12 weeks). */
export const MAX_TERM_WEEKS = 15;
export const MAX_PLAN_TOPICS = 200;

export const ZPlanQuery = z.object({ year: ZYear, grade: ZGradeNumber, subject: ZCapsSubject });
export type TPlanQuery = z.infer<typeof ZPlanQuery>;

export const ZPlanTopicInput = z.object({
  term: ZTerm,
  week: z.coerce
    .number<number>({ error: CURRICULUM_MESSAGES.week })
    .int({ error: CURRICULUM_MESSAGES.week })
    .min(1, { error: CURRICULUM_MESSAGES.week })
    .max(MAX_TERM_WEEKS, { error: CURRICULUM_MESSAGES.week }),
  topic: z
    .string({ error: CURRICULUM_MESSAGES.topic })
    .trim()
    .min(1, { error: CURRICULUM_MESSAGES.topic })
    .max(200, { error: CURRICULUM_MESSAGES.topic }),
});
export type TPlanTopicInput = z.infer<typeof ZPlanTopicInput>;

/** A whole plan as the school saves it: its topics in order; a week may hold several. */
export const ZPlanSave = ZPlanQuery.extend({
  topics: z.array(ZPlanTopicInput).max(MAX_PLAN_TOPICS, { error: CURRICULUM_MESSAGES.tooManyTopics }),
});
export type TPlanSave = z.infer<typeof ZPlanSave>;

export const ZPlanTopic = z.object({
  id: z.string(),
  term: z.number(),
  week: z.number(),
  position: z.number(),
  topic: z.string(),
});
export type TPlanTopic = z.infer<typeof ZPlanTopic>;

export const ZTeachingPlan = z.object({
  year: z.number(),
  grade: z.number(),
  subject: z.string(),
  subjectLabel: z.string(),
  topics: z.array(ZPlanTopic),
});
export type TTeachingPlan = z.infer<typeof ZTeachingPlan>;

/** A topic of a subject class's plan, and when the class taught it (null: not yet). */
export const ZCoverageTopic = ZPlanTopic.extend({
  taughtOn: z.string().nullable(),
  note: z.string(),
  /** Planned for a week that has begun: it should have been taught by now. */
  due: z.boolean(),
});
export type TCoverageTopic = z.infer<typeof ZCoverageTopic>;

export const ZClassCoverage = z.object({
  subjectClassId: z.string(),
  title: z.string(),
  subject: z.string(),
  grade: z.number(),
  teacherName: z.string(),
  year: z.number(),
  /** Topics of the plan in weeks that have begun, and how many of those were taught. */
  due: z.number(),
  taughtOfDue: z.number(),
  /** Every topic of the year's plan, and how many were taught. */
  planned: z.number(),
  taught: z.number(),
});
export type TClassCoverage = z.infer<typeof ZClassCoverage>;

export const ZClassCoverageDetail = ZClassCoverage.extend({ topics: z.array(ZCoverageTopic), canRecord: z.boolean() });
export type TClassCoverageDetail = z.infer<typeof ZClassCoverageDetail>;

export const ZCoverageQuery = z.object({ year: ZYear });
export const ZTaughtSave = z.object({
  taughtOn: ZAttendanceDate,
  note: z.string().trim().max(500, { error: CURRICULUM_MESSAGES.note }).default(''),
});
export type TTaughtSave = z.infer<typeof ZTaughtSave>;

/** The first day of a term's week (week 1 starts on the term's first day). */
export function weekStart(termStartsOn: string, week: number): string {
  return addDays(termStartsOn, (week - 1) * 7);
}

/** Coverage as the page says it: "7 of 9 due topics taught (78%)". */
export function coverageText(taughtOfDue: number, due: number): string {
  if (due === 0) return 'No topics due yet';
  return `${taughtOfDue} of ${due} due topics taught (${Math.round((taughtOfDue / due) * 100)}%)`;
}
