import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { learners } from './school.ts';
import { subjectClasses } from './timetable.ts';

/**
 * Assessment (CAPS): the programme of formal assessment of each subject and grade, the marks of
 * its tasks, their release per subject class and term, the changes made after release, and
 * assignments with their submissions. Every row carries its school's organization_id.
 */

/** That a school's programme of a subject, grade and year exists (made from the CAPS defaults once). */
export const assessmentProgrammes = pgTable(
  'assessment_programmes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    grade: smallint('grade').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('assessment_programmes_key').on(t.organizationId, t.year, t.grade, t.subject)],
);

/** A formal assessment task of a programme's term. `weight` is relative within the term. */
export const assessmentTasks = pgTable(
  'assessment_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => assessmentProgrammes.id, { onDelete: 'cascade' }),
    term: smallint('term').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** 'test' | 'assignment' | 'project' | 'practical' | 'examination'. */
    type: text('type').notNull(),
    weight: smallint('weight').notNull(),
    maxMark: smallint('max_mark').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assessment_tasks_programme_idx').on(t.programmeId, t.term, t.position),
    check('assessment_tasks_term_check', sql`${t.term} between 1 and 4`),
    check('assessment_tasks_weight_check', sql`${t.weight} between 1 and 100`),
    check('assessment_tasks_max_check', sql`${t.maxMark} between 1 and 1000`),
    check(
      'assessment_tasks_type_check',
      sql`${t.type} in ('test', 'assignment', 'project', 'practical', 'examination')`,
    ),
  ],
);

/** A learner's mark of a task: a mark, or the code 'AB' (absent) or 'EX' (exempt). No row: empty. */
export const assessmentMarks = pgTable(
  'assessment_marks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => assessmentTasks.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    mark: numeric('mark', { precision: 6, scale: 2, mode: 'number' }),
    code: text('code'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assessment_marks_task_learner_key').on(t.taskId, t.learnerId),
    index('assessment_marks_org_learner_idx').on(t.organizationId, t.learnerId),
    check(
      'assessment_marks_value_check',
      sql`(${t.mark} is not null and ${t.code} is null and ${t.mark} >= 0) or (${t.mark} is null and ${t.code} in ('AB', 'EX'))`,
    ),
  ],
);

/** The release of a subject class's marks of a term to its learners and parents. */
export const assessmentReleases = pgTable(
  'assessment_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectClassId: uuid('subject_class_id')
      .notNull()
      .references(() => subjectClasses.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    term: smallint('term').notNull(),
    releasedBy: text('released_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('assessment_releases_key').on(t.subjectClassId, t.year, t.term)],
);

/** A mark changed after its term's release: who, when, the old and new value ('AB', 'EX', a number or ''), why. */
export const assessmentMarkChanges = pgTable(
  'assessment_mark_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectClassId: uuid('subject_class_id')
      .notNull()
      .references(() => subjectClasses.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => assessmentTasks.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    reason: text('reason').notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_mark_changes_class_idx').on(t.subjectClassId, t.changedAt)],
);

/** An assignment set for one subject class. */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectClassId: uuid('subject_class_id')
      .notNull()
      .references(() => subjectClasses.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    attachmentIds: uuid('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    totalMarks: smallint('total_marks').notNull(),
    taskId: uuid('task_id').references(() => assessmentTasks.id, { onDelete: 'set null' }),
    /** 'accept_late' | 'refuse'. */
    latePolicy: text('late_policy').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_class_idx').on(t.subjectClassId, t.dueAt),
    index('assignments_org_idx').on(t.organizationId, t.dueAt),
    check('assignments_late_policy_check', sql`${t.latePolicy} in ('accept_late', 'refuse')`),
  ],
);

/** A learner's work on an assignment and its mark; a row without submittedAt is marked from paper. */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    uploadIds: uuid('upload_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    mark: numeric('mark', { precision: 6, scale: 2, mode: 'number' }),
    comment: text('comment').notNull().default(''),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assignment_submissions_key').on(t.assignmentId, t.learnerId),
    index('assignment_submissions_learner_idx').on(t.organizationId, t.learnerId),
  ],
);

/** A learner's report card of a term: its comments and when it was generated and published. */
export const reportCards = pgTable(
  'report_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    term: smallint('term').notNull(),
    classTeacherComment: text('class_teacher_comment').notNull().default(''),
    principalComment: text('principal_comment').notNull().default(''),
    generatedBy: text('generated_by').references(() => users.id, { onDelete: 'set null' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_cards_learner_term_key').on(t.learnerId, t.year, t.term),
    index('report_cards_org_term_idx').on(t.organizationId, t.year, t.term),
  ],
);

/** The whole school's run of a term's report cards, as a job: its progress and where a retry resumes. */
export const reportCardRuns = pgTable(
  'report_card_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    term: smallint('term').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed'. */
    status: text('status').notNull().default('queued'),
    learnersTotal: integer('learners_total').notNull().default(0),
    learnersDone: integer('learners_done').notNull().default(0),
    cardsCreated: integer('cards_created').notNull().default(0),
    /** The last learner (by id) whose card is made: a retried run goes on after them. */
    lastLearnerId: uuid('last_learner_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_card_runs_org_idx').on(t.organizationId, t.createdAt),
    check('report_card_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** A learner's year-end promotion or progression decision (the suggestion when it was made, and why it differs). */
export const promotionDecisions = pgTable(
  'promotion_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    grade: smallint('grade').notNull(),
    /** PROMOTION_DECISIONS of the shared schema. */
    decision: text('decision').notNull(),
    suggested: text('suggested').notNull(),
    reason: text('reason').notNull().default(''),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_decisions_learner_year_key').on(t.learnerId, t.year),
    index('promotion_decisions_org_year_idx').on(t.organizationId, t.year),
    check(
      'promotion_decisions_decision_check',
      sql`${t.decision} in ('promoted', 'progressed', 'not_promoted', 'condoned')`,
    ),
    check(
      'promotion_decisions_suggested_check',
      sql`${t.suggested} in ('promoted', 'progressed', 'not_promoted', 'condoned')`,
    ),
  ],
);
