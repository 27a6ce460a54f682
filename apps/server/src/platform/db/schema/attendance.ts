import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { learners, registerClasses } from './school.ts';

/**
 * Attendance: the daily register per register class. Every row carries its school's
 * organization_id and every query filters by it (tenant isolation, modules/academics/attendance/README.md).
 */

/** The class teacher of a register class: the teacher who marks its register (one per class). */
export const registerClassTeachers = pgTable(
  'register_class_teachers',
  {
    registerClassId: uuid('register_class_id')
      .primaryKey()
      .references(() => registerClasses.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('register_class_teachers_user_idx').on(t.userId)],
);

/**
 * One learner's mark on one day. Its pages are filled to 85 % (`fillfactor`, migration 0025, which
 * drizzle does not model), so that a correction's new version of a mark fits on the mark's own page.
 */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    /**
     * Time-ordered (UUID version 7, migration 0019): a register's new rows land at the right edge of
     * the primary key instead of 40 random pages of a 10-million-row index (first saves 1.3-1.5x
     * faster under pgbench at scale).
     */
    id: uuid('id')
      .primaryKey()
      .default(sql`sekolo_uuid_v7()`),
    /** The school; its class and its learner are keyed with it (the keys below). */
    organizationId: uuid('organization_id').notNull(),
    registerClassId: uuid('register_class_id').notNull(),
    learnerId: uuid('learner_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'present' | 'absent' | 'late' | 'excused'. */
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    /**
     * Who marked: a user's id, kept as the audit log keeps its actor's (audit_events.actor_user_id),
     * with no key to users (migration 0024). A deleted account's marks still name it, by an id no
     * one has any more; and deleting an account reads none of the marks, where a key that set this
     * to null read all of them (3.6 s at 10 million, docs/decisions/007-school-scale-on-two-cores.md).
     */
    markedBy: text('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /**
     * The class and the learner are each keyed together with the school, so the database itself
     * refuses a mark whose class or learner is of another school than the mark (tenant isolation),
     * and a school's deletion still takes its marks with its classes and learners. Two checks a
     * mark instead of three (a key to the school besides, migration 0023): each inserted row runs
     * each of its keys' checks, and the keys were a third of a first save's cost.
     */
    foreignKey({
      name: 'attendance_records_class_fk',
      columns: [t.organizationId, t.registerClassId],
      foreignColumns: [registerClasses.organizationId, registerClasses.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'attendance_records_learner_fk',
      columns: [t.organizationId, t.learnerId],
      foreignColumns: [learners.organizationId, learners.id],
    }).onDelete('cascade'),
    /**
     * One mark a learner a day, kept by the school's day (migration 0026): a learner belongs to one
     * school (the learner's key above names it), so the school in front changes nothing of what is
     * unique. A day's marks of the school are one range of this index, so a register saved today
     * writes its learners' entries into the few pages of today, already in memory, instead of one
     * page a learner spread over the whole index (about a third more saves a second under pgbench,
     * docs/decisions/007-school-scale-on-two-cores.md). It serves the school's day and date ranges as (organization_id, date) did,
     * and a learner's day by all three. A learner's days over a range are read one day at a time
     * (`date = any(...)`, onEachDay): with no index led by the learner, a range of dates would
     * read every learner's marks of those days.
     */
    uniqueIndex('attendance_records_org_date_learner_key').on(t.organizationId, t.date, t.learnerId),
    index('attendance_records_class_date_idx').on(t.organizationId, t.registerClassId, t.date),
    check('attendance_records_status_check', sql`${t.status} in ('present', 'absent', 'late', 'excused')`),
  ],
);

/** Corrections keep who changed what: one row per changed mark. */
export const attendanceChanges = pgTable(
  'attendance_changes',
  {
    /** Time-ordered (UUID version 7, migration 0022), as attendance_records' own. */
    id: uuid('id')
      .primaryKey()
      .default(sql`sekolo_uuid_v7()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => attendanceRecords.id, { onDelete: 'cascade' }),
    oldStatus: text('old_status').notNull(),
    oldReason: text('old_reason').notNull(),
    newStatus: text('new_status').notNull(),
    newReason: text('new_reason').notNull(),
    /** Who corrected the mark: a user's id, kept as markedBy is (no key to users). */
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attendance_changes_record_idx').on(t.recordId, t.changedAt)],
);
