import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { feeItems } from './finance.ts';
import { learners } from './school.ts';

/**
 * Extramural activities (D25, migration 0057_activities): a school's sport, culture and clubs, the
 * learners signed up (members and a waiting list in order), the sessions the schedule gives and
 * their attendance. Capacity is kept by the sign-up's advisory lock on the activity (the members
 * counted and the new one inserted one at a time).
 */

/** One weekday's meeting: day 1 Monday … 7 Sunday, times 'HH:MM' (South African time). */
export type TActivitySchedule = { day: number; starts: string; ends: string }[];

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** ACTIVITY_CATEGORIES: 'sport' | 'culture' | 'club'. */
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    coachUserId: text('coach_user_id').references(() => users.id, { onDelete: 'set null' }),
    schedule: jsonb('schedule').$type<TActivitySchedule>().notNull(),
    venue: text('venue').notNull().default(''),
    /** 0 is Grade R, 1 to 12 the other grades. */
    grades: smallint('grades').array().notNull(),
    capacity: integer('capacity').notNull(),
    signUpOpen: boolean('sign_up_open').notNull().default(true),
    /** A finance fee item of kind 'optional': a learner signed up takes the item of that name in their grade's structure. */
    feeItemId: uuid('fee_item_id').references(() => feeItems.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activities_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    index('activities_coach_idx').on(t.coachUserId),
    check('activities_capacity_check', sql`${t.capacity} > 0`),
    check('activities_category_check', sql`${t.category} in ('sport', 'culture', 'club')`),
  ],
);

/**
 * A learner's place in an activity: 'member', 'waiting' (in the order of `seq`) or 'withdrawn'
 * (kept for the history). At most one current row per learner and activity.
 */
export const activityMembers = pgTable(
  'activity_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    signedUpBy: text('signed_up_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the learner became a member (at sign-up, or when moved up from the waiting list). */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('activity_members_current_key')
      .on(t.activityId, t.learnerId)
      .where(sql`${t.status} in ('member', 'waiting')`),
    index('activity_members_activity_idx').on(t.activityId, t.status, t.seq),
    index('activity_members_learner_idx').on(t.learnerId),
    check('activity_members_status_check', sql`${t.status} in ('member', 'waiting', 'withdrawn')`),
  ],
);

/** A session that was held (attendance kept) or cancelled; a scheduled day without a row has not been yet. */
export const activitySessions = pgTable(
  'activity_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    starts: text('starts').notNull(),
    ends: text('ends').notNull(),
    /** 'held' | 'cancelled'. */
    status: text('status').notNull(),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_sessions_activity_date_key').on(t.activityId, t.date),
    check('activity_sessions_status_check', sql`${t.status} in ('held', 'cancelled')`),
  ],
);

export const activityAttendance = pgTable(
  'activity_attendance',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'present' | 'absent' | 'excused'. */
    mark: text('mark').notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.learnerId] }),
    index('activity_attendance_learner_idx').on(t.learnerId),
    check('activity_attendance_mark_check', sql`${t.mark} in ('present', 'absent', 'excused')`),
  ],
);
