import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { learners, registerClasses } from './school.ts';

/**
 * The timetable. Every row carries its school's organization_id.
 * Clashes are refused by unique indexes on timetable_lessons, so two concurrent requests cannot
 * both place a teacher, a room or a class twice in one period.
 */

/** A school's term dates for a year; absent rows mean the SA calendar default (constants/school-calendar.ts). */
export const schoolTerms = pgTable(
  'school_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    term: smallint('term').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('school_terms_org_year_term_key').on(t.organizationId, t.year, t.term),
    check('school_terms_term_check', sql`${t.term} between 1 and 4`),
    check('school_terms_dates_check', sql`${t.endsOn} > ${t.startsOn}`),
  ],
);

/** The bell schedule: the same periods Monday to Friday; breaks take no lessons. Times are 'HH:MM'. */
export const timetablePeriods = pgTable(
  'timetable_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    isBreak: boolean('is_break').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timetable_periods_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    index('timetable_periods_org_start_idx').on(t.organizationId, t.startsAt),
    check('timetable_periods_times_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const timetableRooms = pgTable(
  'timetable_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('timetable_rooms_org_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * A teacher teaching a CAPS subject (constants/caps-subjects.ts id). `membership` says who is in
 * it: 'register_class', every learner of the register class (the default, and the meaning of every
 * row made before groups existed); 'chosen', the learners listed in subject_class_learners, drawn
 * from the register class's grade (electives of Grades 10 to 12, or a class split into groups).
 * The register class is then the group's home class (its grade and its place in the class view).
 * One subject per class and group label: two groups of a subject in one class need two labels.
 */
export const subjectClasses = pgTable(
  'subject_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    teacherUserId: text('teacher_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registerClassId: uuid('register_class_id')
      .notNull()
      .references(() => registerClasses.id, { onDelete: 'cascade' }),
    /** 'register_class' | 'chosen' (SUBJECT_CLASS_MEMBERSHIPS of the shared schema). */
    membership: text('membership').notNull().default('register_class'),
    /** The group's label, e.g. "Group A"; null for a class's only subject class of the subject. */
    groupName: text('group_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subject_classes_org_class_subject_key').on(
      t.organizationId,
      t.registerClassId,
      t.subject,
      sql`coalesce(lower(${t.groupName}), '')`,
    ),
    index('subject_classes_teacher_idx').on(t.teacherUserId),
    check('subject_classes_membership_check', sql`${t.membership} in ('register_class', 'chosen')`),
  ],
);

/** The learners of a 'chosen' subject class. */
export const subjectClassLearners = pgTable(
  'subject_class_learners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectClassId: uuid('subject_class_id')
      .notNull()
      .references(() => subjectClasses.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('subject_class_learners_class_learner_key').on(t.subjectClassId, t.learnerId),
    index('subject_class_learners_org_learner_idx').on(t.organizationId, t.learnerId),
  ],
);

/**
 * One lesson in the week. teacher_user_id, register_class_id and whole_class copy the subject
 * class's so the unique indexes below refuse clashes in the database itself. The class index holds
 * only whole-class lessons: groups of one class may meet in parallel (Mathematics group A and B,
 * or two electives), so a learner in two lessons at once is refused by createLesson under a lock
 * of the slot (an advisory lock per school, day and period).
 */
export const timetableLessons = pgTable(
  'timetable_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectClassId: uuid('subject_class_id')
      .notNull()
      .references(() => subjectClasses.id, { onDelete: 'cascade' }),
    /** 1 Monday … 5 Friday. */
    day: smallint('day').notNull(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => timetablePeriods.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => timetableRooms.id, { onDelete: 'set null' }),
    teacherUserId: text('teacher_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registerClassId: uuid('register_class_id')
      .notNull()
      .references(() => registerClasses.id, { onDelete: 'cascade' }),
    /** Whether the subject class takes its whole register class (membership 'register_class'). */
    wholeClass: boolean('whole_class').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timetable_lessons_teacher_slot_key').on(t.organizationId, t.day, t.periodId, t.teacherUserId),
    uniqueIndex('timetable_lessons_room_slot_key')
      .on(t.organizationId, t.day, t.periodId, t.roomId)
      .where(sql`${t.roomId} is not null`),
    uniqueIndex('timetable_lessons_class_slot_key')
      .on(t.organizationId, t.day, t.periodId, t.registerClassId)
      .where(sql`${t.wholeClass}`),
    index('timetable_lessons_subject_class_idx').on(t.subjectClassId),
    index('timetable_lessons_teacher_idx').on(t.teacherUserId),
    index('timetable_lessons_class_idx').on(t.registerClassId),
    index('timetable_lessons_room_idx').on(t.roomId),
    check('timetable_lessons_day_check', sql`${t.day} between 1 and 5`),
  ],
);
