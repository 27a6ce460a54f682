import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { learners } from './school.ts';

/**
 * The school library (D25, migration 0054_library): titles, their numbered copies, loans to
 * learners and staff, holds, and the school's lending rules. A copy is never on loan twice: a
 * unique index over the copy of every loan not yet returned.
 */

/** The school's lending rules, and the number its next copy's barcode takes (LIB-000001 onwards). */
export const librarySettings = pgTable('library_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  learnerLoanLimit: integer('learner_loan_limit').notNull(),
  learnerLoanDays: integer('learner_loan_days').notNull(),
  staffLoanLimit: integer('staff_loan_limit').notNull(),
  staffLoanDays: integer('staff_loan_days').notNull(),
  maxRenewals: integer('max_renewals').notNull(),
  reminderIntervalDays: integer('reminder_interval_days').notNull(),
  holdPickupDays: integer('hold_pickup_days').notNull(),
  nextCopyNumber: integer('next_copy_number').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const libraryTitles = pgTable(
  'library_titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    author: text('author').notNull(),
    /** Digits only (an ISBN-10 may end in X), check digit verified; '' when the book has none. */
    isbn: text('isbn').notNull().default(''),
    subject: text('subject').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    year: integer('year'),
    /** BOOK_LANGUAGES of the shared schema. */
    language: text('language').notNull().default('english'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('library_titles_org_isbn_key')
      .on(t.organizationId, t.isbn)
      .where(sql`${t.isbn} <> ''`),
    index('library_titles_org_title_idx').on(t.organizationId, sql`lower(${t.title})`, t.id),
  ],
);

export const libraryCopies = pgTable(
  'library_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => libraryTitles.id, { onDelete: 'cascade' }),
    /** 'LIB-000123': unique within the school, printed as a Code 128 label. */
    barcode: text('barcode').notNull(),
    /** COPY_STATUSES: available, on_loan, held (set aside for a hold), lost, withdrawn. */
    status: text('status').notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('library_copies_org_barcode_key').on(t.organizationId, t.barcode),
    index('library_copies_title_idx').on(t.titleId),
    check('library_copies_status_check', sql`${t.status} in ('available', 'on_loan', 'held', 'lost', 'withdrawn')`),
  ],
);

export const libraryLoans = pgTable(
  'library_loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    copyId: uuid('copy_id')
      .notNull()
      .references(() => libraryCopies.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => libraryTitles.id, { onDelete: 'cascade' }),
    /** 'learner' (learnerId) or 'staff' (staffUserId). */
    borrowerKind: text('borrower_kind').notNull(),
    learnerId: uuid('learner_id').references(() => learners.id, { onDelete: 'cascade' }),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last school day of the loan; overdue from the day after. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    renewals: integer('renewals').notNull().default(0),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    returnedBy: text('returned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('library_loans_copy_open_key')
      .on(t.copyId)
      .where(sql`${t.returnedAt} is null`),
    index('library_loans_org_due_idx')
      .on(t.organizationId, t.dueOn)
      .where(sql`${t.returnedAt} is null`),
    index('library_loans_learner_idx').on(t.learnerId),
    index('library_loans_staff_idx').on(t.staffUserId),
    check(
      'library_loans_borrower_check',
      sql`(${t.borrowerKind} = 'learner' and ${t.learnerId} is not null and ${t.staffUserId} is null) or (${t.borrowerKind} = 'staff' and ${t.staffUserId} is not null and ${t.learnerId} is null)`,
    ),
  ],
);

export const libraryHolds = pgTable(
  'library_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id')
      .notNull()
      .references(() => libraryTitles.id, { onDelete: 'cascade' }),
    borrowerKind: text('borrower_kind').notNull(),
    learnerId: uuid('learner_id').references(() => learners.id, { onDelete: 'cascade' }),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** HOLD_STATUSES: waiting, ready (a copy set aside), fulfilled, cancelled, expired. */
    status: text('status').notNull().default('waiting'),
    copyId: uuid('copy_id').references(() => libraryCopies.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** The last school day a ready hold may be collected. */
    collectBy: date('collect_by', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('library_holds_active_key')
      .on(t.titleId, sql`coalesce(${t.learnerId}::text, ${t.staffUserId})`)
      .where(sql`${t.status} in ('waiting', 'ready')`),
    uniqueIndex('library_holds_ready_copy_key')
      .on(t.copyId)
      .where(sql`${t.status} = 'ready'`),
    index('library_holds_title_idx').on(t.titleId, t.placedAt),
    check('library_holds_status_check', sql`${t.status} in ('waiting', 'ready', 'fulfilled', 'cancelled', 'expired')`),
    check(
      'library_holds_borrower_check',
      sql`(${t.borrowerKind} = 'learner' and ${t.learnerId} is not null and ${t.staffUserId} is null) or (${t.borrowerKind} = 'staff' and ${t.staffUserId} is not null and ${t.learnerId} is null)`,
    ),
  ],
);
