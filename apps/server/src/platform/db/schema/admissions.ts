import { sql } from 'drizzle-orm';
import {
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
import { learners } from './school.ts';
import { uploads } from './uploads.ts';

/**
 * School admissions (modules/admissions). Every row carries its school's organization_id and every
 * query of the school's side filters by it; the guardian's side filters by guardian_user_id.
 */

/** An admission round: a school takes applications for a year's grades between two dates. */
export const admissionRounds = pgTable(
  'admission_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    year: smallint('year').notNull(),
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    /** TAdmissionQuestion[] (@sekolo/shared/schemas/admissions). */
    questions: jsonb('questions').$type<unknown[]>().notNull().default([]),
    /** TAdmissionDocument[]: the standard documents the school ticked and its own. */
    documents: jsonb('documents').$type<unknown[]>().notNull().default([]),
    /** Days a guardian has to accept an offer (the default offer date). */
    offerDays: smallint('offer_days').notNull().default(14),
    /** Days an application that did not lead to an enrolment is kept after the round closes or it was decided. */
    retentionDays: smallint('retention_days').notNull().default(180),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admission_rounds_org_idx').on(t.organizationId, t.year),
    check('admission_rounds_dates_check', sql`${t.closesOn} >= ${t.opensOn}`),
  ],
);

/** The places a round offers in one grade; an offer locks this row while it counts. */
export const admissionRoundGrades = pgTable(
  'admission_round_grades',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => admissionRounds.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 0 is Grade R. */
    grade: smallint('grade').notNull(),
    places: integer('places').notNull(),
  },
  (t) => [
    primaryKey({ name: 'admission_round_grades_pk', columns: [t.roundId, t.grade] }),
    check('admission_round_grades_grade_check', sql`${t.grade} between 0 and 12`),
    check('admission_round_grades_places_check', sql`${t.places} > 0`),
  ],
);

/**
 * One child's application by one guardian. The consent columns are NOT NULL: the row, and so any
 * of the child's data, exists only once the guardian has consented (D15).
 */
export const admissionApplications = pgTable(
  'admission_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id')
      .notNull()
      .references(() => admissionRounds.id, { onDelete: 'cascade' }),
    grade: smallint('grade').notNull(),
    /** Short and readable, e.g. ADM-7KQ2M9, for phone calls and mail subjects. */
    reference: text('reference').notNull(),
    guardianUserId: text('guardian_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true }).notNull(),
    consentPolicyVersion: text('consent_policy_version').notNull(),
    consentGuardianName: text('consent_guardian_name').notNull(),
    consentText: text('consent_text').notNull(),
    /** TApplicationDraft['child'] */
    child: jsonb('child').$type<Record<string, unknown>>().notNull().default({}),
    /** TApplicationDraft['guardian'] */
    guardian: jsonb('guardian').$type<Record<string, unknown>>().notNull().default({}),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** lower(first name)|date of birth once both are given: one application per child per round. */
    childKey: text('child_key'),
    waitlistPosition: integer('waitlist_position'),
    offerExpiresOn: date('offer_expires_on', { mode: 'string' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    learnerId: uuid('learner_id').references(() => learners.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admission_applications_reference_key').on(t.reference),
    uniqueIndex('admission_applications_child_key')
      .on(t.roundId, t.guardianUserId, t.childKey)
      .where(sql`${t.childKey} is not null`),
    index('admission_applications_org_round_idx').on(t.organizationId, t.roundId, t.grade, t.status),
    index('admission_applications_guardian_idx').on(t.guardianUserId),
    index('admission_applications_status_idx').on(t.status, t.offerExpiresOn),
    check(
      'admission_applications_status_check',
      sql`${t.status} in ('draft', 'submitted', 'documents_requested', 'under_review', 'offered', 'waitlisted', 'declined', 'accepted', 'enrolled', 'lapsed')`,
    ),
    check('admission_applications_offer_check', sql`${t.status} <> 'offered' or ${t.offerExpiresOn} is not null`),
  ],
);

/** A further document the school asks for, with its note; answered by an upload. */
export const admissionDocumentRequests = pgTable(
  'admission_document_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => admissionApplications.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    note: text('note').notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [index('admission_document_requests_app_idx').on(t.applicationId)],
);

/** A document (an upload, private: D9) on an application. */
export const admissionDocuments = pgTable(
  'admission_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => admissionApplications.id, { onDelete: 'cascade' }),
    /** The round's document id, or 'request' for an answer to a document request. */
    documentKey: text('document_key').notNull(),
    label: text('label').notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => admissionDocumentRequests.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admission_documents_app_idx').on(t.applicationId),
    uniqueIndex('admission_documents_upload_key').on(t.applicationId, t.uploadId),
  ],
);

/** The school's own notes on an application (never shown to the guardian). */
export const admissionNotes = pgTable(
  'admission_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => admissionApplications.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admission_notes_app_idx').on(t.applicationId, t.createdAt)],
);

/** Every status an application has had, with the note the guardian was sent. */
export const admissionStatusEvents = pgTable(
  'admission_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => admissionApplications.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    byUserId: text('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admission_status_events_app_idx').on(t.applicationId, t.at)],
);
