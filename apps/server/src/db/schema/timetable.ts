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
import { registerClasses } from './school.ts';

/**
 * The timetable (issue 6, modules/timetable). Every row carries its school's organization_id.
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

/** A teacher teaching a CAPS subject (constants/caps-subjects.ts id) to a register class. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subject_classes_org_class_subject_key').on(t.organizationId, t.registerClassId, t.subject),
    index('subject_classes_teacher_idx').on(t.teacherUserId),
  ],
);

/**
 * One lesson in the week. teacher_user_id and register_class_id copy the subject class's so the
 * unique indexes below refuse clashes in the database itself.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timetable_lessons_teacher_slot_key').on(t.organizationId, t.day, t.periodId, t.teacherUserId),
    uniqueIndex('timetable_lessons_room_slot_key')
      .on(t.organizationId, t.day, t.periodId, t.roomId)
      .where(sql`${t.roomId} is not null`),
    uniqueIndex('timetable_lessons_class_slot_key').on(t.organizationId, t.day, t.periodId, t.registerClassId),
    index('timetable_lessons_subject_class_idx').on(t.subjectClassId),
    index('timetable_lessons_teacher_idx').on(t.teacherUserId),
    index('timetable_lessons_class_idx').on(t.registerClassId),
    index('timetable_lessons_room_idx').on(t.roomId),
    check('timetable_lessons_day_check', sql`${t.day} between 1 and 5`),
  ],
);
