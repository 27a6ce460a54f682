import { date, pgTable, smallint, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { subjectClasses } from './timetable.ts';

/** A topic of a subject's annual teaching plan for a grade, in a term's week (migration 0045). */
export const teachingPlanTopics = pgTable(
  'teaching_plan_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    grade: smallint('grade').notNull(),
    subject: text('subject').notNull(),
    term: smallint('term').notNull(),
    week: smallint('week').notNull(),
    position: smallint('position').notNull().default(1),
    topic: text('topic').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_plan_topics_slot_key').on(
      t.organizationId,
      t.year,
      t.grade,
      t.subject,
      t.term,
      t.week,
      t.position,
    ),
  ],
);

/** A subject class taught a topic of the plan, on a day. */
export const taughtTopics = pgTable(
  'taught_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectClassId: uuid('subject_class_id')
      .notNull()
      .references(() => subjectClasses.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => teachingPlanTopics.id, { onDelete: 'cascade' }),
    taughtOn: date('taught_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('taught_topics_class_topic_key').on(t.subjectClassId, t.topicId),
    index('taught_topics_org_idx').on(t.organizationId),
  ],
);
